import type { Kysely } from "kysely";
import type { Permission } from "~/auth/permissions";
import { parseSubmission, type AnySubmission } from "~/forms/parse-form.server";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import type { Toast } from "~/lib/toast";
import { blockPerson, unblockPerson } from "./blocks.server";
import { changeRole } from "./change-role.server";
import { roleName } from "./role-names";
import { blockSchema, isPersonIntent, PERSON_FORM_IDS, roleSchema, type PersonIntent } from "./person-forms";

/*
 * An admin's post on a person's page, decided: a new role, a block, or its lifting. The route has
 * checked the permission the intent needs (PERSON_INTENT_PERMISSIONS) and turns the outcome into a
 * response: a toast after a change, the form again with the message at its field after a refusal.
 */

export const PERSON_INTENT_PERMISSIONS: Record<PersonIntent, Permission> = {
  role: "manage:user:any",
  block: "block:user:any",
  unblock: "block:user:any",
};

export type PersonActionOutcome =
  | { kind: "done"; toast: Toast }
  | { kind: "refused"; form: string; submission: AnySubmission; field: string; message: string }
  | { kind: "invalid"; form: string; submission: AnySubmission }
  | { kind: "not_found" };

export function personIntent(form: FormData): PersonIntent | null {
  const intent = form.get("intent");
  return isPersonIntent(intent) ? intent : null;
}

export async function actOnPerson(
  db: Kysely<Database>,
  actorId: string,
  person: { id: string; label: string },
  intent: PersonIntent,
  form: FormData,
  { adminEmails }: { adminEmails: readonly string[] },
): Promise<PersonActionOutcome> {
  const formId = PERSON_FORM_IDS[intent];
  if (intent === "role") {
    const submission = parseSubmission(form, roleSchema);
    if (submission.status !== "success") return { kind: "invalid", form: formId, submission };
    const { role, reason } = submission.value;
    const refused = (field: string, message: string): PersonActionOutcome => ({ kind: "refused", form: formId, submission, field, message });
    const outcome = await changeRole(db, actorId, { userId: person.id }, role, reason, { adminEmails });
    switch (outcome.kind) {
      case "changed":
        return {
          kind: "done",
          toast: { title: t("people.role.changed"), description: t("people.role.changedBody", { name: person.label, role: roleName(role) }), variant: "success" },
        };
      case "unchanged":
        return refused("role", t("people.role.unchanged", { role: roleName(role) }));
      case "self":
        return refused("role", t("people.role.self"));
      case "last-admin":
        return refused("role", t("people.role.lastAdmin"));
      case "listed-admin":
        return refused("role", t("people.role.listedAdmin", { email: outcome.email }));
      case "not-found":
        return { kind: "not_found" };
    }
  }
  const submission = parseSubmission(form, blockSchema);
  if (submission.status !== "success") return { kind: "invalid", form: formId, submission };
  const refused = (message: string): PersonActionOutcome => ({ kind: "refused", form: formId, submission, field: "reason", message });
  if (intent === "block") {
    const outcome = await blockPerson(db, actorId, person.id, submission.value.reason);
    if (outcome === "blocked")
      return { kind: "done", toast: { title: t("people.block.done", { name: person.label }), description: t("people.block.doneBody"), variant: "success" } };
    if (outcome === "self") return refused(t("people.block.self"));
    if (outcome === "already-blocked") return refused(t("people.block.already"));
    return { kind: "not_found" };
  }
  const outcome = await unblockPerson(db, actorId, person.id, submission.value.reason);
  if (outcome === "unblocked") return { kind: "done", toast: { title: t("people.unblock.done", { name: person.label }), variant: "success" } };
  if (outcome === "not-blocked") return refused(t("people.unblock.notBlocked"));
  return { kind: "not_found" };
}
