import { data, Link, useActionData } from "react-router";
import { userCan } from "~/auth/permissions";
import { permissionHolder } from "~/auth/viewer";
import { sentAtText } from "~/claims/sender-texts";
import { statusLabel } from "~/organiser/control-panel/owner-texts.server";
import { FactRow as Fact } from "~/components/ui/FactRow";
import { FormError, PanelSection } from "~/components/ui/panel-section";
import { replyMessage } from "~/forms/use-schema-form";
import { formConstraint } from "~/forms/parse-form.server";
import { access, PERSONAL_PAGE_HEADERS, requirePermission } from "~/http/access.server";
import { redirectWithFlash } from "~/http/flash.server";
import { formFailure } from "~/http/form.server";
import { readForm } from "~/http/request-body.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { site } from "~/lib/site-context.server";
import { isUuid } from "~/lib/uuid";
import { LogEntryList } from "~/people/components/LogEntryList";
import { BlockForm, RoleForm } from "~/people/components/PersonForms";
import { adminLogPath } from "~/people/log-filter";
import { logEntryView } from "~/people/log-views.server";
import { PEOPLE_PATH, personPath } from "~/people/people-paths";
import { actOnPerson, PERSON_INTENT_PERMISSIONS, personIntent } from "~/people/person-actions.server";
import { blockSchema, PERSON_FORM_IDS, roleSchema } from "~/people/person-forms";
import { findPersonLabel, PERSON_LIST_LIMIT, personDetails } from "~/people/person.server";
import { roleNames } from "~/people/role-names";
import type { Route } from "./+types/$id";

const guard = access({ permission: "read:user:any" });
export const middleware: Route.MiddlewareFunction[] = [guard];

const CLAIM_STATUS_NAMES: Record<string, string> = {
  open: t("people.person.claims.open"),
  approved: t("people.person.claims.approved"),
  rejected: t("people.person.claims.rejected"),
};

/** /dashboard/admin/brugere/:id: one person as an admin sees them, with their role and block. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { viewer } = guard.allowed(context);
  const person = isUuid(params.id) ? await personDetails(site().database.db, params.id.toLowerCase(), site().config.adminEmails) : null;
  if (!person) throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  const holder = permissionHolder(viewer);
  return data(
    {
      id: person.id,
      name: person.name,
      email: person.email,
      verified: person.verified,
      created: sentAtText(person.createdAt),
      lastSignIn: person.lastSignedInAt ? sentAtText(person.lastSignedInAt) : null,
      roles: roleNames(person.roles),
      role: person.role,
      adminByAddress: person.adminByAddress,
      blocked: person.blocked ? { when: sentAtText(person.blocked.at), reason: person.blocked.reason ?? "" } : null,
      markets: person.markets.map((market) => ({ id: market.id, name: market.name, href: `/manage-market/${market.id}`, note: statusLabel(market.status) })),
      claims: person.claims.map((claim) => ({
        id: claim.id,
        name: claim.marketName,
        href: `/markeder/${claim.marketSlug}`,
        note: `${CLAIM_STATUS_NAMES[claim.status] ?? claim.status}, ${sentAtText(claim.createdAt)}`,
      })),
      listLimit: PERSON_LIST_LIMIT,
      savedCount: person.savedCount,
      log: person.log.map(logEntryView),
      logHref: adminLogPath({ target: { type: "user", id: person.id } }),
      self: person.id === viewer.user.id,
      mayChangeRole: userCan(holder, "manage:user:any"),
      mayBlock: userCan(holder, "block:user:any"),
      roleConstraint: formConstraint(roleSchema),
      blockConstraint: formConstraint(blockSchema),
    },
    { headers: PERSONAL_PAGE_HEADERS },
  );
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return seoMeta(matches, {
    title: t("people.person.title", { name: loaderData?.name || loaderData?.email || "" }),
    description: t("people.person.description"),
    path: loaderData ? personPath(loaderData.id) : PEOPLE_PATH,
    robots: "noindex,nofollow",
  });
}

/** A new role, a block or its lifting: 303 back here with a toast, or the form again with the message at its field. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { viewer } = guard.allowed(context);
  const form = await readForm(request);
  const intent = personIntent(form);
  if (!intent) throw data({ message: t("people.unknownIntent") }, { status: 400, headers: PERSONAL_PAGE_HEADERS });
  requirePermission(viewer, PERSON_INTENT_PERMISSIONS[intent]);
  // Only the name, for the toast: the page's lists and log are read again after the redirect.
  const person = isUuid(params.id) ? await findPersonLabel(site().database.db, params.id.toLowerCase()) : null;
  if (!person) throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  const outcome = await actOnPerson(site().database.db, viewer.user.id, person, intent, form, {
    adminEmails: site().config.adminEmails,
  });
  switch (outcome.kind) {
    case "done":
      return redirectWithFlash(personPath(person.id), outcome.toast);
    case "refused":
      return formFailure(outcome.form, outcome.submission, { fieldErrors: { [outcome.field]: [outcome.message] } }, { status: 409 });
    case "invalid":
      return formFailure(outcome.form, outcome.submission);
    case "not_found":
      throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  }
}

/** The person's markets or claims: each a link with a note in brackets (its status). */
function LinkList({
  id,
  heading,
  items,
  empty,
  limit,
}: {
  id: string;
  heading: string;
  items: { id: string; name: string; href: string; note: string }[];
  empty: string;
  limit: number;
}) {
  return (
    <section aria-labelledby={`${id}-overskrift`}>
      <h2 id={`${id}-overskrift`} className="text-xl font-bold">
        {heading}
      </h2>
      {items.length ? (
        <ul className="mt-2 space-y-1">
          {items.map((item) => (
            <li key={item.id} className="break-words">
              <Link to={item.href}>{item.name}</Link> <span className="text-stone-700 dark:text-stone-300">({item.note})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">{empty}</p>
      )}
      {items.length >= limit ? <p className="mt-2 text-sm">{t("people.person.markets.more", { count: limit })}</p> : null}
    </section>
  );
}

export default function PersonPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  const person = loaderData;
  return (
    <>
      <p>
        <Link to={PEOPLE_PATH}>← {t("people.person.back")}</Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold break-words sm:text-4xl">{person.name || person.email}</h1>
      {person.blocked ? (
        <p className="mt-3 rounded-lg border border-red-700 bg-red-50 px-3 py-2 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50">
          <strong>{t("people.status.blocked")}.</strong> {t("people.person.facts.blockedSince", { when: person.blocked.when, reason: person.blocked.reason })}
        </p>
      ) : null}
      <dl aria-label={t("people.person.facts.label")} className="mt-4 divide-y divide-stone-200 dark:divide-stone-700">
        <Fact label={t("people.person.facts.email")}>
          <a href={`mailto:${person.email}`} className="break-all">
            {person.email}
          </a>
        </Fact>
        <Fact label={t("people.person.facts.verified")}>{person.verified ? t("people.person.facts.yes") : t("people.person.facts.no")}</Fact>
        <Fact label={t("people.person.facts.roles")}>{person.roles}</Fact>
        <Fact label={t("people.person.facts.created")}>{person.created}</Fact>
        <Fact label={t("people.person.facts.lastSignIn")}>{person.lastSignIn ?? t("people.person.facts.never")}</Fact>
        <Fact label={t("people.person.facts.saved")}>{person.savedCount.toLocaleString("da-DK")}</Fact>
      </dl>
      {person.adminByAddress ? (
        <p className="mt-4 rounded-lg border border-amber-600 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
          {t("people.person.listedAdmin")}
        </p>
      ) : null}
      {person.self ? (
        <div className="mt-4">
          {/* A block of oneself is refused; its form is not on the page, so the refusal is told here. */}
          <FormError message={replyMessage(reply, PERSON_FORM_IDS.block, "reason")} />
          <p className="font-medium">{t("people.person.self")}</p>
        </div>
      ) : null}

      <div className="mt-6 grid gap-6">
        {person.mayChangeRole ? (
          <PanelSection id="skift-rolle" heading={t("people.role.heading")}>
            <RoleForm role={person.role} reply={reply} constraint={person.roleConstraint} />
          </PanelSection>
        ) : null}
        {person.mayBlock && !person.self ? (
          <PanelSection
            id="spaer-bruger"
            heading={person.blocked ? t("people.unblock.heading") : t("people.block.heading")}
            intro={person.blocked ? t("people.unblock.intro") : t("people.block.intro")}
            tone={person.blocked ? "normal" : "danger"}
          >
            <BlockForm blocked={Boolean(person.blocked)} reply={reply} constraint={person.blockConstraint} />
          </PanelSection>
        ) : null}

        <LinkList id="markeder" heading={t("people.person.markets.heading")} items={person.markets} empty={t("people.person.markets.none")} limit={person.listLimit} />
        <LinkList id="anmodninger" heading={t("people.person.claims.heading")} items={person.claims} empty={t("people.person.claims.none")} limit={person.listLimit} />

        <section aria-labelledby="log-overskrift">
          <h2 id="log-overskrift" className="text-xl font-bold">
            {t("people.person.log.heading")}
          </h2>
          {person.log.length ? (
            <div className="mt-3">
              <LogEntryList entries={person.log} label={t("people.person.log.heading")} />
              <p className="mt-3">
                <Link to={person.logHref}>{t("people.person.log.all")}</Link>
              </p>
            </div>
          ) : (
            <p className="mt-2">{t("people.person.log.none")}</p>
          )}
        </section>
      </div>
    </>
  );
}
