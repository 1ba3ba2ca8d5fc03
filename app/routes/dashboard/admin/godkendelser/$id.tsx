import { data, Link, useActionData, type ShouldRevalidateFunctionArgs } from "react-router";
import { isUuid } from "~/lib/uuid";
import { FormError } from "~/components/ui/panel-section";
import { formConstraint } from "~/forms/parse-form.server";
import { formFailure } from "~/http/form.server";
import { todayInDenmark } from "~/lib/dates";
import { redirectWithFlash } from "~/http/flash.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { readForm } from "~/http/request-body.server";
import { site } from "~/lib/site-context.server";
import { MarketPage } from "~/market-page/components/MarketPage";
import { getMarketById } from "~/markets/market-detail.server";
import { marketPageData, previewDetail } from "~/market-page/market-page.server";
import { isListed } from "~/markets/query/visibility.server";
import { FieldChangeList } from "~/revisions/components/FieldChangeList";
import { ReviewAuthorLine } from "~/review/components/ReviewAuthorLine";
import { ApproveForm, CorrectionForm, RejectForm } from "~/review/components/ReviewDecisionForms";
import { KindBadge, MissingCoordinatesNote } from "~/review/components/review-badges";
import { fieldChanges } from "~/revisions/field-changes";
import { decideReview, type ReviewOutcome } from "~/review/review-decisions.server";
import { correctionDefaults, correctionSchema, rejectSchema } from "~/review/review-forms";
import { queueAfterDecision, REVIEW_QUEUE_PATH, reviewItemPath } from "~/review/review-paths";
import { reviewItem } from "~/review/review-queue.server";
import { accountAgeText, marketCountText, sentAtText } from "~/claims/sender-texts";
import type { Route } from "./+types/$id";
import { access } from "~/http/access.server";
import { permissionHolder } from "~/auth/viewer";

const guard = access({ permission: "moderate:market:any" });
export const middleware: Route.MiddlewareFunction[] = [guard];

/** /dashboard/admin/godkendelser/{revisionId}: one submission or edit, its page as it will be, and the decision. */
export async function loader({ params, context }: Route.LoaderArgs) {
  guard.allowed(context);
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  const current = site();
  const db = current.database.db;
  const item = await reviewItem(db, params.id.toLowerCase());
  if (!item) throw data(null, { status: 404 });
  const { revision, market, author } = item;
  const today = todayInDenmark();
  // The pictures the change carries (a submission's, a change of the pictures), else the market's own.
  const images = revision.after.images ?? (await getMarketById(db, market.id, today))?.images ?? [];
  const preview = await marketPageData(current, previewDetail(revision.after, { today, id: market.id, slug: market.slug, images }), today, {
    withNearby: false,
  });
  const decided =
    revision.state === "pending"
      ? null
      : {
          state: revision.state,
          when: revision.decidedAt ? sentAtText(revision.decidedAt) : null,
          by: item.decidedBy?.name ?? null,
          reason: revision.reason,
        };
  return {
    id: revision.id,
    kind: revision.kind,
    name: revision.after.name,
    city: revision.after.city,
    sentAt: sentAtText(revision.createdAt),
    missingCoordinates: revision.after.latitude === null || revision.after.longitude === null,
    author: author ? { name: author.name, email: author.email, age: accountAgeText(author.createdAt, new Date()), markets: marketCountText(author.marketCount) } : null,
    // What approving an edit changes: the market as it is now against what was sent (an approval
    // applies the whole of it); once decided, what the revision recorded.
    changes:
      revision.kind !== "edit"
        ? null
        : revision.state === "pending"
          ? fieldChanges(market.snapshot, revision.after)
          : fieldChanges(revision.before, revision.after, revision.changedFields),
    livePath: isListed(market.status) || market.status === "archived" ? `/markeder/${market.slug}` : null,
    decided,
    preview,
    constraints: { reject: formConstraint(rejectSchema), correct: formConstraint(correctionSchema) },
    defaults: correctionDefaults(revision.after),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return seoMeta(matches, {
    title: t("admin.review.item.title", { name: loaderData.name }),
    description: t("admin.review.item.description", { name: loaderData.name }),
    path: reviewItemPath(loaderData.id),
    robots: "noindex,follow",
  });
}

function decidedToast(outcome: Extract<ReviewOutcome, { kind: "decided" }>) {
  const { decision, revisionKind, name, mail } = outcome;
  const title =
    decision === "approved"
      ? revisionKind === "submission"
        ? t("admin.review.toast.approvedSubmission", { name })
        : t("admin.review.toast.approvedEdit", { name })
      : revisionKind === "submission"
        ? t("admin.review.toast.rejectedSubmission", { name })
        : t("admin.review.toast.rejectedEdit", { name });
  const effect = decision === "approved" ? (revisionKind === "submission" ? t("admin.review.toast.liveSubmission") : t("admin.review.toast.liveEdit")) : null;
  const told = mail === "sent" ? t("admin.review.toast.mailSent") : mail === "failed" ? t("admin.review.toast.mailFailed") : t("admin.review.toast.noRecipient");
  return { title, description: [effect, told].filter(Boolean).join(" "), variant: mail === "failed" ? ("warning" as const) : ("success" as const) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { viewer } = guard.allowed(context);
  if (!isUuid(params.id)) throw data(null, { status: 404 });
  const form = await readForm(request);
  const current = site();
  const outcome = await decideReview(
    current.database.db,
    permissionHolder(viewer),
    params.id.toLowerCase(),
    form,
    { baseUrl: current.config.baseUrl, send: current.mailer.send, logger: current.logger },
    current.storage,
  );
  switch (outcome.kind) {
    case "decided":
      return redirectWithFlash(queueAfterDecision(params.id.toLowerCase()), decidedToast(outcome));
    case "invalid":
      return formFailure(outcome.form, outcome.submission);
    case "already_decided":
      return data({ alreadyDecided: true }, { status: 409, headers: { "Cache-Control": "private, no-store" } });
    case "unknown_intent":
      return data({ unknownIntent: true }, { status: 400, headers: { "Cache-Control": "private, no-store" } });
    case "not_found":
      throw data(null, { status: 404 });
  }
}

/** After "already decided" the page reads the revision again, to show who decided it. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

/** Who decided it and when; an alert when it answers the admin's own decision, which came too late. */
function DecidedNotice({ decided, livePath, tooLate }: { decided: NonNullable<Route.ComponentProps["loaderData"]["decided"]>; livePath: string | null; tooLate: boolean }) {
  const approved = decided.state === "applied";
  const who = decided.by ?? t("admin.review.decided.unknownAdmin");
  return (
    <div role={tooLate ? "alert" : "status"} className="mt-6 rounded-2xl border border-stone-400 bg-stone-100 p-4 sm:p-5 dark:border-stone-500 dark:bg-stone-800">
      <p className="text-lg font-bold">{t("admin.review.decided.heading")}</p>
      <p className="mt-1">
        {approved ? t("admin.review.decided.approved", { who, when: decided.when ?? "" }) : t("admin.review.decided.rejected", { who, when: decided.when ?? "" })}
      </p>
      {!approved && decided.reason ? <p className="mt-2 whitespace-pre-line break-words">{t("admin.review.decided.reason", { reason: decided.reason })}</p> : null}
      <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <Link to={REVIEW_QUEUE_PATH}>{t("admin.review.backToQueue")}</Link>
        {approved && livePath ? <Link to={livePath}>{t("admin.review.item.seeLive")}</Link> : null}
      </p>
    </div>
  );
}

export default function ReviewItemPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  const { kind, decided, changes } = loaderData;
  const staleDecision = typeof reply === "object" && reply !== null && "alreadyDecided" in reply;
  const unknownIntent = typeof reply === "object" && reply !== null && "unknownIntent" in reply;
  return (
    <>
      <p>
        <Link to={REVIEW_QUEUE_PATH}>← {t("admin.review.backToQueue")}</Link>
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <KindBadge kind={kind} />
        <span className="text-sm text-stone-700 dark:text-stone-300">{t("admin.review.queue.sentAt", { when: loaderData.sentAt })}</span>
      </div>
      <h1 className="mt-2 text-3xl font-bold break-words sm:text-4xl">{loaderData.name}</h1>
      {unknownIntent ? <FormError message={t("admin.review.unknownIntent")} /> : null}
      <p className="mt-1 text-lg text-stone-700 dark:text-stone-300">{loaderData.city}</p>
      <ReviewAuthorLine author={loaderData.author} className="mt-3 text-stone-700 dark:text-stone-300" />

      {staleDecision && !decided ? (
        <p role="alert" className="mt-4 rounded-lg border border-amber-600 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
          {t("admin.review.decided.heading")}
        </p>
      ) : null}
      {decided ? <DecidedNotice decided={decided} livePath={loaderData.livePath} tooLate={staleDecision} /> : null}

      {loaderData.missingCoordinates && !decided ? <MissingCoordinatesNote className="mt-4" /> : null}

      {!decided ? (
        <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
          <a href="#afgoerelse">{t("admin.review.item.toDecision")}</a>
          {kind === "edit" && loaderData.livePath ? <Link to={loaderData.livePath}>{t("admin.review.item.seeCurrent")}</Link> : null}
        </p>
      ) : null}

      {changes ? (
        <section aria-labelledby="aendringer" className="mt-8">
          <h2 id="aendringer" className="text-2xl font-bold">
            {t("admin.review.changes.heading")}
          </h2>
          {changes.length ? <FieldChangeList changes={changes} /> : <p className="mt-2">{t("admin.review.changes.none")}</p>}
        </section>
      ) : null}

      <section aria-labelledby="forhaandsvisning" className="mt-10">
        <h2 id="forhaandsvisning" className="text-2xl font-bold">
          {t("admin.review.item.previewHeading")}
        </h2>
        <p className="mt-1 text-stone-700 dark:text-stone-300">{t("admin.review.item.previewIntro")}</p>
        <div className="mt-4 rounded-2xl border-2 border-dashed border-stone-400 p-3 sm:p-6 dark:border-stone-500">
          <MarketPage data={loaderData.preview} preview />
        </div>
      </section>

      {!decided ? (
        <section id="afgoerelse" aria-labelledby="afgoerelse-overskrift" className="mt-10 scroll-mt-4">
          <h2 id="afgoerelse-overskrift" className="text-2xl font-bold">
            {t("admin.review.item.decisionHeading")}
          </h2>
          <div className="mt-4 grid items-start gap-4 lg:grid-cols-2">
            <ApproveForm kind={kind} />
            <RejectForm reply={reply} constraint={loaderData.constraints.reject} />
            <div className="lg:col-span-2">
              <CorrectionForm reply={reply} constraint={loaderData.constraints.correct} defaults={loaderData.defaults} />
            </div>
          </div>
        </section>
      ) : null}
    </>
  );
}
