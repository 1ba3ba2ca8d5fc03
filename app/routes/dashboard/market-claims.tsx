import { data, Link, useActionData, type ShouldRevalidateFunctionArgs } from "react-router";
import { isUuid } from "~/lib/uuid";
import { Pagination } from "~/components/Pagination";
import { PAGE_PARAM, parsePageNumber } from "~/lib/page-number";
import { FormError } from "~/components/ui/panel-section";
import { formConstraint } from "~/forms/parse-form.server";
import { formFailure } from "~/http/form.server";
import { redirectWithFlash } from "~/http/flash.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { readForm } from "~/http/request-body.server";
import { site } from "~/lib/site-context.server";
import { claimRejectSchema } from "~/claims/claim-decision-form";
import { decideClaim, type ClaimDecisionOutcome } from "~/claims/claim-decisions.server";
import type { ClaimMailOutcome } from "~/claims/claim-mails.server";
import { CLAIMS_QUEUE_PATH } from "~/claims/claim-paths";
import { claimQueue } from "~/claims/claim-queue.server";
import { claimCardView } from "~/claims/claim-views.server";
import type { Claim } from "~/claims/claims.server";
import { ClaimCard } from "~/claims/components/ClaimCard";
import { sentAtText } from "~/claims/sender-texts";
import type { Route } from "./+types/market-claims";
import { access, PERSONAL_PAGE_HEADERS } from "~/http/access.server";
import { permissionHolder } from "~/auth/viewer";

/** A claim takes room (the person, their history, two forms): a day's work fits on a page. */
const PAGE_SIZE = 20;

const pathOf = (page: number) => (page > 1 ? `${CLAIMS_QUEUE_PATH}?side=${page}` : CLAIMS_QUEUE_PATH);

const guard = access({ permission: "moderate:claim:any" });
export const middleware: Route.MiddlewareFunction[] = [guard];

/** /dashboard/market-claims: the open claims, oldest first, each with the person behind it and the decision. */
export async function loader({ url, context }: Route.LoaderArgs) {
  guard.allowed(context);
  const page = parsePageNumber(url.searchParams.get(PAGE_PARAM));
  if (page === null) throw data(null, { status: 404 });
  const { total, items } = await claimQueue(site().database.db, { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (page > pages) throw data(null, { status: 404 });
  const now = new Date();
  return data({ total, page, pages, claims: items.map((item) => claimCardView(item, now)), constraint: formConstraint(claimRejectSchema) }, { headers: PERSONAL_PAGE_HEADERS });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  return seoMeta(matches, {
    title: page > 1 ? t("claims.admin.titlePage", { page }) : t("claims.admin.title"),
    description: t("claims.admin.description"),
    path: pathOf(page),
    robots: "noindex,follow",
  });
}

/** "Vi har sendt Ole en e-mail." or what went wrong with it. */
function toldText(mail: ClaimMailOutcome, person: string): string {
  if (mail === "sent") return t("claims.admin.toast.mailSent", { person });
  if (mail === "failed") return t("claims.admin.toast.mailFailed", { person });
  return t("claims.admin.toast.noRecipient");
}

function decidedToast(outcome: Extract<ClaimDecisionOutcome, { kind: "approved" | "rejected" }>) {
  const person = outcome.personName || t("claims.admin.toast.someone");
  const failed = outcome.mail === "failed" || (outcome.kind === "approved" && outcome.others.includes("failed"));
  const parts =
    outcome.kind === "approved"
      ? [
          t("claims.admin.toast.approvedBody", { person, name: outcome.marketName }),
          toldText(outcome.mail, person),
          outcome.others.length === 0 ? null : outcome.others.length === 1 ? t("claims.admin.toast.othersOne") : t("claims.admin.toast.others", { count: outcome.others.length }),
          outcome.others.includes("failed") ? t("claims.admin.toast.othersMailFailed") : null,
        ]
      : [toldText(outcome.mail, person)];
  return {
    title: outcome.kind === "approved" ? t("claims.admin.toast.approved", { name: outcome.marketName }) : t("claims.admin.toast.rejected", { name: outcome.marketName }),
    description: parts.filter(Boolean).join(" "),
    variant: failed ? ("warning" as const) : ("success" as const),
  };
}

/** Who decided it and when, for the admin who came second. */
async function alreadyDecidedText(claim: Claim): Promise<string> {
  const admin = claim.decidedBy ? await site().database.db.selectFrom("user").select("name").where("id", "=", claim.decidedBy).executeTakeFirst() : undefined;
  const values = { who: admin?.name ?? t("claims.admin.decided.unknownAdmin"), when: claim.decidedAt ? sentAtText(claim.decidedAt) : "" };
  return claim.status === "approved" ? t("claims.admin.decided.approved", values) : t("claims.admin.decided.rejected", values);
}

const refused = (message: string, status: number) => data({ message }, { status, headers: PERSONAL_PAGE_HEADERS });

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer } = guard.allowed(context);
  const form = await readForm(request);
  const claimId = form.get("claim");
  if (typeof claimId !== "string" || !isUuid(claimId)) throw data(null, { status: 404 });
  const outcome = await decideClaim(site().database.db, permissionHolder(viewer), claimId.toLowerCase(), form, {
    baseUrl: site().config.baseUrl,
    send: site().mailer.send,
    logger: site().logger,
  });
  switch (outcome.kind) {
    case "approved":
    case "rejected":
      return redirectWithFlash(CLAIMS_QUEUE_PATH, decidedToast(outcome));
    case "invalid":
      return formFailure(outcome.form, outcome.submission);
    case "already_decided":
      return refused(await alreadyDecidedText(outcome.claim), 409);
    case "market_has_owner":
      return refused(t("claims.admin.hasOwner"), 409);
    case "unknown_intent":
      return refused(t("claims.admin.unknownIntent"), 400);
    case "not_found":
      throw data(null, { status: 404 });
  }
}

/** After a refusal the list is read again: the claim someone else decided is gone from it. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

export default function MarketClaimsPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  const { total, claims, page, pages, constraint } = loaderData;
  const message = typeof reply === "object" && reply !== null && "message" in reply ? reply.message : undefined;
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("claims.admin.heading")}</h1>
      <p className="mt-2 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t("claims.admin.intro")}</p>
      <div className="mt-4">
        <FormError message={message} />
      </div>
      <p className="font-semibold" role="status">
        {total === 0 ? t("claims.admin.empty") : total === 1 ? t("claims.admin.countOne") : t("claims.admin.count", { count: total.toLocaleString("da-DK") })}
      </p>
      {claims.length ? (
        <ol className="mt-4 grid grid-cols-1 gap-4">
          {claims.map((claim) => (
            <ClaimCard key={claim.id} claim={claim} reply={reply} constraint={constraint} />
          ))}
        </ol>
      ) : (
        <p className="mt-4">
          <Link to="/dashboard/admin">{t("claims.admin.backToAdmin")}</Link>
        </p>
      )}
      <Pagination page={page} pages={pages} hrefFor={pathOf} />
    </>
  );
}
