import { Form } from "react-router";
import { SubmitButton } from "~/components/ui/form-fields";
import { t } from "~/lib/i18n";
import { MANAGE_INTENTS } from "../manage-forms";
import type { RevisionRow } from "../owner-texts.server";
import { PanelSection } from "~/components/ui/panel-section";
import { FieldChangeList, MADE_CHANGE_HEADINGS } from "../../../revisions/components/FieldChangeList";

const STATE_LOOK: Record<RevisionRow["stateKey"], string> = {
  pending: "text-amber-900 dark:text-amber-200",
  applied: "text-emerald-800 dark:text-emerald-300",
  rejected: "text-red-800 dark:text-red-300",
};

/**
 * The market's changes, newest first: when, who, what (field by field, as the review queue shows
 * it), where each stands and which admin decided it. Admins may bring an earlier version back.
 */
export function ManageHistory({ action, revisions, canRestore }: { action: string; revisions: RevisionRow[]; canRestore: boolean }) {
  return (
    <PanelSection id="aendringer" heading={t("organiser.manage.history.heading")} intro={t("organiser.manage.history.intro")}>
      {revisions.length ? (
        <ol className="divide-y divide-stone-200 dark:divide-stone-700">
          {revisions.map((revision) => (
            <li key={revision.id} className="py-3">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold">{revision.kind}</span>
                <span className={`text-sm font-semibold ${STATE_LOOK[revision.stateKey]}`}>· {revision.state}</span>
              </p>
              <p className="text-sm text-stone-700 dark:text-stone-300">
                {revision.when} {revision.who}
              </p>
              {revision.decided ? <p className="text-sm text-stone-700 dark:text-stone-300">{revision.decided}</p> : null}
              {revision.details.map((detail) => (
                <p key={detail} className="mt-1 break-words">
                  {detail}
                </p>
              ))}
              {revision.changes.length ? <FieldChangeList changes={revision.changes} headings={revision.stateKey === "pending" ? undefined : MADE_CHANGE_HEADINGS} /> : null}
              {canRestore && revision.restorable ? (
                <Form method="post" action={action} className="mt-2">
                  <input type="hidden" name="intent" value={MANAGE_INTENTS.restore} />
                  <input type="hidden" name="revisionId" value={revision.id} />
                  <SubmitButton
                    intent={MANAGE_INTENTS.restore}
                    variant="secondary"
                    className="text-sm"
                    label={t("organiser.manage.restore.submit")}
                    pendingLabel={t("organiser.manage.restore.submitting")}
                    aria-label={`${t("organiser.manage.restore.submit")}: ${revision.kind}, ${revision.when}`}
                  />
                </Form>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p>{t("organiser.manage.history.none")}</p>
      )}
    </PanelSection>
  );
}
