import { data, Form, Link } from "react-router";
import { permissionHolder } from "~/auth/viewer";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { buttonClass } from "~/components/ui/button";
import { FieldError, fieldClass, hintClass, labelClass, SubmitButton } from "~/components/ui/form-fields";
import { access, PERSONAL_PAGE_HEADERS } from "~/http/access.server";
import { redirectWithFlash } from "~/http/flash.server";
import { readForm } from "~/http/request-body.server";
import { managedMarket } from "~/http/url-things.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { site } from "~/lib/site-context.server";
import { isUuid } from "~/lib/uuid";
import { managePath } from "~/organiser/control-panel/manage-actions.server";
import { statusLabel } from "~/organiser/control-panel/owner-texts.server";
import { findMarketByReference, mergeMarkets, mergePreview, type MergeSide } from "~/review/merge-markets.server";
import { ALL_MARKETS_PATH, MERGE_TARGET_PARAM, mergePath } from "~/review/review-paths";
import type { Route } from "./+types/sammenlaeg";

const guard = access({ permission: "delete:market:any", thing: managedMarket });
export const middleware: Route.MiddlewareFunction[] = [guard];

/** The longest reference read: an address is well under this. */
const REFERENCE_MAX = 300;

const number = new Intl.NumberFormat("da-DK");

function sideFacts(market: MergeSide) {
  return {
    name: market.name,
    city: market.city,
    status: statusLabel(market.status),
    owner: market.ownerName ?? t("admin.markets.noOwner"),
    manageHref: managePath(market.id),
    facts: [
      { label: t("admin.merge.facts.dates"), value: number.format(market.dates) },
      { label: t("admin.merge.facts.pictures"), value: number.format(market.pictures) },
      { label: t("admin.merge.facts.saves"), value: number.format(market.saves) },
      { label: t("admin.merge.facts.views"), value: number.format(market.views) },
      { label: t("admin.merge.facts.claims"), value: number.format(market.claims) },
      { label: t("admin.merge.facts.topics"), value: number.format(market.topics) },
    ],
  };
}

/**
 * /dashboard/admin/markeder/{id}/sammenlaeg?med=…: the market kept is named by its address; the
 * page then shows both, what moves and what the kept market keeps instead, and the button that merges.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { thing: duplicate } = guard.allowed(context);
  const reference = (url.searchParams.get(MERGE_TARGET_PARAM) ?? "").trim().slice(0, REFERENCE_MAX);
  const db = site().database.db;
  const base = { duplicate: { id: duplicate.id, name: duplicate.name }, reference };
  if (!reference) return data({ ...base, error: null, preview: null }, { headers: PERSONAL_PAGE_HEADERS });
  const keptId = await findMarketByReference(db, reference);
  if (keptId === duplicate.id) return data({ ...base, error: t("admin.merge.sameMarket"), preview: null }, { headers: PERSONAL_PAGE_HEADERS });
  const preview = keptId ? await mergePreview(db, duplicate.id, keptId) : null;
  if (!preview) return data({ ...base, error: t("admin.merge.notFound"), preview: null }, { headers: PERSONAL_PAGE_HEADERS });
  const { conflicts } = preview;
  return data(
    {
      ...base,
      error: null,
      preview: {
        keptId: preview.kept.id,
        duplicate: sideFacts(preview.duplicate),
        kept: sideFacts(preview.kept),
        conflicts: [
          conflicts.schedules ? t("admin.merge.conflicts.schedules", { count: conflicts.schedules }) : null,
          conflicts.saves ? t("admin.merge.conflicts.saves", { count: conflicts.saves }) : null,
          conflicts.openClaims ? t("admin.merge.conflicts.openClaims", { count: conflicts.openClaims }) : null,
        ].filter((line): line is string => line !== null),
        takesOwner: preview.kept.ownerId === null && preview.duplicate.ownerId !== null,
      },
    },
    { headers: PERSONAL_PAGE_HEADERS },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const name = loaderData?.duplicate.name ?? "";
  return seoMeta(matches, {
    title: t("admin.merge.title", { name }),
    description: t("admin.merge.description", { name }),
    path: loaderData ? mergePath(loaderData.duplicate.id) : ALL_MARKETS_PATH,
    robots: "noindex,nofollow",
  });
}

/** "Slå sammen": 303 to the kept market's control panel with a toast, or back here when the kept market is gone (or was never named). */
export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, thing: duplicate } = guard.allowed(context);
  const form = await readForm(request);
  const keptId = form.get("kept");
  const { database, storage } = site();
  const outcome = isUuid(typeof keptId === "string" ? keptId : null)
    ? await mergeMarkets(database.db, permissionHolder(viewer), { duplicateId: duplicate.id, keptId: (keptId as string).toLowerCase() }, { store: storage })
    : ({ outcome: "not_found" } as const);
  if (outcome.outcome === "merged") {
    return redirectWithFlash(managePath(outcome.kept.id), {
      title: t("admin.merge.toast.merged", { duplicate: duplicate.name, kept: outcome.kept.name }),
      description: t("admin.merge.toast.redirects"),
      variant: "success",
    });
  }
  return redirectWithFlash(mergePath(duplicate.id), { title: outcome.outcome === "same_market" ? t("admin.merge.sameMarket") : t("admin.merge.notFound"), variant: "destructive" });
}

function Side({ heading, market }: { heading: string; market: ReturnType<typeof sideFacts> }) {
  return (
    <section aria-label={heading} className="min-w-0 rounded-2xl border border-stone-300 bg-white p-4 dark:border-stone-700 dark:bg-stone-900">
      <h2 className="text-sm font-semibold tracking-wide text-stone-700 uppercase dark:text-stone-300">{heading}</h2>
      <p className="mt-1 text-xl font-bold break-words">
        <Link to={market.manageHref}>{market.name}</Link>
      </p>
      <p className="text-stone-700 dark:text-stone-300">
        {market.city} · {market.status} · {market.owner}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1">
        {market.facts.map((fact) => (
          <div key={fact.label} className="contents">
            <dt>{fact.label}</dt>
            <dd className="text-right font-semibold tabular-nums">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function MergePage({ loaderData }: Route.ComponentProps) {
  const { duplicate, reference, error, preview } = loaderData;
  return (
    <>
      <Breadcrumbs trail={[{ name: t("admin.markets.heading"), path: ALL_MARKETS_PATH }]} current={t("admin.merge.crumb")} />
      <h1 className="mt-3 text-3xl font-bold break-words sm:text-4xl">{t("admin.merge.heading", { name: duplicate.name })}</h1>
      <p className="mt-2 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t("admin.merge.intro")}</p>
      <Form method="get" action={mergePath(duplicate.id)} className="mt-6 flex max-w-2xl flex-wrap items-end gap-3">
        <div className="min-w-0 grow">
          <label htmlFor={MERGE_TARGET_PARAM} className={labelClass}>
            {t("admin.merge.targetLabel")}
          </label>
          <p id="med-hint" className={hintClass}>
            {t("admin.merge.targetHint")}
          </p>
          <input
            id={MERGE_TARGET_PARAM}
            name={MERGE_TARGET_PARAM}
            type="text"
            defaultValue={reference}
            maxLength={REFERENCE_MAX}
            autoComplete="off"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "med-hint med-fejl" : "med-hint"}
            className={fieldClass}
          />
          <FieldError id="med-fejl" message={error ?? undefined} />
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          {t("admin.merge.find")}
        </button>
      </Form>
      {preview ? (
        <>
          <div className="mt-8 grid gap-4 md:grid-cols-2">
            <Side heading={t("admin.merge.duplicateHeading")} market={preview.duplicate} />
            <Side heading={t("admin.merge.keptHeading")} market={preview.kept} />
          </div>
          <section aria-labelledby="hvad-sker-der" className="mt-8 max-w-2xl">
            <h2 id="hvad-sker-der" className="text-2xl font-bold">
              {t("admin.merge.whatHappens")}
            </h2>
            <ul className="mt-3 list-disc space-y-1 pl-6">
              <li>{t("admin.merge.moves")}</li>
              {preview.conflicts.map((line) => (
                <li key={line}>{line}</li>
              ))}
              {preview.takesOwner ? <li>{t("admin.merge.takesOwner")}</li> : null}
              <li>{t("admin.merge.redirects")}</li>
              <li>{t("admin.merge.lost")}</li>
            </ul>
            <Form method="post" className="mt-6">
              <input type="hidden" name="kept" value={preview.keptId} />
              <SubmitButton intent="merge" name="intent" value="merge" variant="danger" label={t("admin.merge.submit")} pendingLabel={t("admin.merge.submitting")} />
            </Form>
          </section>
        </>
      ) : null}
    </>
  );
}
