import { site } from "~/lib/site-context.server";
import { data, Link, redirect, useActionData } from "react-router";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { PanelSection, FormError } from "~/components/ui/panel-section";
import { formConstraint, parseSubmission } from "~/forms/parse-form.server";
import { formFailure } from "~/http/form.server";
import { replyMessage } from "~/forms/use-schema-form";
import { formatDanishDate } from "~/lib/dates";
import { redirectWithFlash } from "~/http/flash.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { readForm } from "~/http/request-body.server";
import { CLAIM_FORM_ID } from "~/claims/claim-fields";
import { claimSchema } from "~/claims/claim-form";
import { claimPath } from "~/claims/claim-paths";
import { claimStateFor, marketForClaim, submitClaim, type ClaimState } from "~/claims/claims.server";
import { ClaimForm } from "~/claims/components/ClaimForm";
import { ClaimStateNotice, type ClaimStateView } from "~/claims/components/ClaimStateNotice";
import { currentSlugFor } from "~/markets/market-detail.server";
import type { Route } from "./+types/ejerskab";
import { access, PERSONAL_PAGE_HEADERS } from "~/http/access.server";

/** A claim is three short fields. */
const FORM_MAX_BYTES = 16 * 1024;

/** The state as the page shows it: dates in Danish, nothing else of the claim. */
function stateView(state: ClaimState): ClaimStateView {
  // "25. november 2026", in Danish time.
  return state.kind === "open" ? { kind: "open", sentOn: formatDanishDate(state.claim.createdAt, { pattern: "d. MMMM yyyy" }) } : { kind: state.kind };
}

/** Why a post was refused, at the top of the page. */
function refusal(state: ClaimStateView): string {
  switch (state.kind) {
    case "open":
      return t("claims.refused.open", { date: state.sentOn });
    case "own":
      return t("claims.refused.own");
    case "has_owner":
      return t("claims.refused.hasOwner");
    case "closed":
    case "claimable":
      return t("claims.refused.closed");
  }
}

/** The market by its slug; a former slug moves to the claim page of the current one, any other is not found. */
async function findMarket(slug: string) {
  const db = site().database.db;
  const market = await marketForClaim(db, slug);
  if (market) return market;
  const current = await currentSlugFor(db, slug);
  if (current) throw redirect(claimPath(current), 301);
  throw data(null, { status: 404 });
}

// A visitor signs in first and comes back here (next), also through sign-up and the mail's link.
const guard = access({ permission: "claim:market" });
export const middleware: Route.MiddlewareFunction[] = [guard];

/** /markeder/{slug}/ejerskab: "Er det dit marked?", for a signed-in person (claim:market). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { viewer } = guard.allowed(context);
  const market = await findMarket(params.slug);
  const state = stateView(await claimStateFor(site().database.db, market, viewer.user.id));
  return data(
    {
      market: { id: market.id, slug: market.slug, name: market.name, city: market.city },
      state,
      email: viewer.user.email,
      constraint: formConstraint(claimSchema),
    },
    { headers: PERSONAL_PAGE_HEADERS },
  );
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** "30 sekunder", "14 minutter", "3 timer": how long until the next claim may be sent. */
function waitText(seconds: number): string {
  if (seconds < 90 * 60) return t("claims.form.wait.minutes", { count: Math.max(1, Math.ceil(seconds / 60)) });
  return t("claims.form.wait.hours", { count: Math.ceil(seconds / 3600) });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { viewer } = guard.allowed(context);
  const market = await findMarket(params.slug);
  const db = site().database.db;
  const form = await readForm(request, FORM_MAX_BYTES);
  const submission = parseSubmission(form, claimSchema);
  // Someone who may not claim it (any more) is told why, whatever they typed.
  const state = stateView(await claimStateFor(db, market, viewer.user.id));
  if (state.kind !== "claimable") return formFailure(CLAIM_FORM_ID, submission, { formErrors: [refusal(state)] }, { status: 409 });
  if (submission.status !== "success") return formFailure(CLAIM_FORM_ID, submission);
  const outcome = await submitClaim(db, viewer.user.id, market, submission.value, { rule: site().config.rateLimits.claims });
  switch (outcome.kind) {
    case "sent":
      return redirectWithFlash(claimPath(market.slug), { title: t("claims.sent.title"), description: t("claims.sent.description"), variant: "success" });
    case "refused":
      return formFailure(CLAIM_FORM_ID, submission, { formErrors: [refusal(stateView(outcome.state))] }, { status: 409 });
    case "limited":
      return formFailure(
        CLAIM_FORM_ID,
        submission,
        { formErrors: [t("claims.form.tooMany", { wait: waitText(outcome.retryAfterSeconds) })] },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { name, slug } = loaderData.market;
  return seoMeta(matches, {
    title: t("claims.page.title", { name }),
    description: t("claims.page.description", { name }),
    path: claimPath(slug),
    robots: "noindex,follow",
  });
}

export default function ClaimPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  const { market, state, email, constraint } = loaderData;
  const marketPath = `/markeder/${market.slug}`;
  return (
    <article className="mx-auto max-w-2xl">
      <Breadcrumbs
        trail={[
          { name: t("market.home"), path: "/" },
          { name: market.name, path: marketPath },
        ]}
        current={t("claims.page.crumb")}
      />
      <p className="mt-4 font-medium break-words text-emerald-800 dark:text-emerald-300">
        {market.name}, {market.city}
      </p>
      <h1 className="mt-1 text-3xl font-bold sm:text-4xl">{t("claims.page.heading")}</h1>
      {state.kind === "claimable" ? <p className="mt-3 text-lg">{t("claims.page.intro", { name: market.name })}</p> : null}

      <div className="mt-6">
        <FormError message={replyMessage(reply, CLAIM_FORM_ID)} />
      </div>

      {state.kind === "claimable" ? (
        <>
          <section aria-labelledby="saadan" className="mt-2">
            <h2 id="saadan" className="text-xl font-bold">
              {t("claims.page.howHeading")}
            </h2>
            <ol className="mt-2 list-outside list-decimal space-y-1 pl-5">
              <li>{t("claims.page.how1")}</li>
              <li>{t("claims.page.how2")}</li>
              <li>{t("claims.page.how3")}</li>
            </ol>
          </section>
          <div className="mt-8">
            <PanelSection id="anmodning" heading={t("claims.form.heading")}>
              <ClaimForm reply={reply} constraint={constraint} defaultContact={email} />
            </PanelSection>
          </div>
        </>
      ) : (
        <ClaimStateNotice state={state} email={email} marketId={market.id} />
      )}

      <p className="mt-8">
        <Link to={marketPath}>← {t("claims.page.back", { name: market.name })}</Link>
      </p>
    </article>
  );
}
