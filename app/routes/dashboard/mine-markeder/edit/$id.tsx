import leafletStyles from "leaflet/dist/leaflet.css?url";
import { Link, data, redirect, useActionData, type ShouldRevalidateFunctionArgs } from "react-router";
import { PERSONAL_PAGE_HEADERS, requirePageAccess } from "~/account/guard.server";
import { isUuid } from "~/account/guarded-pages.server";
import { buttonClass } from "~/components/ui/button";
import { formFailure } from "~/forms/parse-form.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { isMultipart, readForm, readLimitedForm } from "~/lib/request-body.server";
import { site } from "~/lib/site-context.server";
import { IMAGE_UPLOAD_MAX_BYTES } from "~/markets/images/image-actions.server";
import { MarketStepForm } from "~/markets/submissions/components/MarketStepForm";
import { editDraftOf } from "~/markets/submissions/drafts.server";
import { FIRST_STEP, IMAGES_STEP, isStepSlug } from "~/markets/submissions/form-steps";
import { pendingRevisionOf, readStoredMarket } from "~/markets/submissions/revisions.server";
import type { StepActionData } from "~/markets/submissions/step-page";
import { stepMeta } from "~/markets/submissions/step-meta";
import { stepAction, stepUpload, type StepOutcome } from "~/markets/submissions/step-actions.server";
import { checkReasonOf, editStart, STEP_FORM_MAX_BYTES, stepPageData, type FormContext } from "~/markets/submissions/step-page.server";
import type { Route } from "./+types/$id";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];

/**
 * /dashboard/mine-markeder/edit/{id}?trin=…: the market form's seven steps over a stored market,
 * kept as the person's draft until it is sent (then editMarket); ?trin=sendt says what became of
 * it. The guard, on the page and on every post: a visitor signs in (302), a malformed or unknown
 * id is not found (404), anyone but the owner and the admins is refused (403). The page's permission
 * (update:market:own with the market's owner) is also the one its pictures need.
 */
async function guarded(request: Request, id: string | undefined) {
  await requirePageAccess(request);
  if (!isUuid(id)) throw data(null, { status: 404 });
  const db = site().database.db;
  const market = await readStoredMarket(db, id.toLowerCase());
  if (!market) throw data(null, { status: 404 });
  const viewer = await requirePageAccess(request, { ownerId: market.ownerId });
  return { db, market, viewer };
}

async function formContext(request: Request, id: string | undefined, step: string | null): Promise<FormContext> {
  const { db, market, viewer } = await guarded(request, id);
  const chosen = step ?? FIRST_STEP;
  if (!isStepSlug(chosen)) throw data(null, { status: 404 });
  const draft = await editDraftOf(db, viewer.user.id, market.id);
  return { mode: "edit", viewer, step: chosen, draft, market: await editStart(db, viewer, market) };
}

type EditOutcome = "applied" | "pending" | "unchanged";

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const step = url.searchParams.get("trin");
  if (step === "sendt") {
    const { db, market, viewer } = await guarded(request, params.id);
    const pending = await pendingRevisionOf(db, market.id);
    // Read from the market, not taken from the address: what waits for review is in the database.
    const waiting = market.status === "pending" || (pending?.kind === "edit" && pending.authorId === viewer.user.id);
    const outcome: EditOutcome = url.searchParams.get("resultat") === "unchanged" ? "unchanged" : waiting ? "pending" : "applied";
    const sent = { name: market.name, slug: market.slug, id: market.id, published: market.status === "published", outcome };
    return data({ kind: "sent" as const, sent }, { headers: PERSONAL_PAGE_HEADERS });
  }
  const context = await formContext(request, params.id, step);
  return data({ kind: "step" as const, page: await stepPageData(site(), context, checkReasonOf(url)) }, { headers: PERSONAL_PAGE_HEADERS });
}

/** A step's fields, or on "Billeder" a picture's post: an upload is read with the pictures' own limit. */
export async function action({ request, params }: Route.ActionArgs) {
  const context = await formContext(request, params.id, new URL(request.url).searchParams.get("trin"));
  if (context.step === IMAGES_STEP && isMultipart(request)) return answer(await stepUpload(site(), context, await readLimitedForm(request, IMAGE_UPLOAD_MAX_BYTES)));
  return answer(await stepAction(site(), context, await readForm(request, STEP_FORM_MAX_BYTES)));
}

/** 303 on, the page's save answered in place, the form again with its messages, 429 past the day's limit, or 404. */
function answer(outcome: StepOutcome) {
  switch (outcome.kind) {
    case "go":
      return outcome.toast ? redirectWithFlash(outcome.path, outcome.toast) : redirect(outcome.path, 303);
    case "saved":
      return data<StepActionData>({ saved: true, draftId: outcome.draftId }, { headers: PERSONAL_PAGE_HEADERS });
    case "limited":
      return data<StepActionData>({ sendError: outcome.message }, { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds), ...PERSONAL_PAGE_HEADERS } });
    case "refused": {
      const retry = outcome.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(outcome.retryAfterSeconds) };
      return formFailure(outcome.form, outcome.submission, outcome.options, { status: outcome.status, headers: retry });
    }
    case "not_found":
      throw data(null, { status: 404 });
  }
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** A save in the background changes nothing on the page. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "gem" ? false : defaultShouldRevalidate;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  if (loaderData.kind === "step") return stepMeta(matches, loaderData.page);
  const { sent } = loaderData;
  return seoMeta(matches, {
    title: t("organiser.form.edited.title", { name: sent.name }),
    description: t("organiser.form.editDescription"),
    path: `/dashboard/mine-markeder/edit/${sent.id}`,
    robots: "noindex,follow",
  });
}

const OUTCOME_TEXTS: Record<EditOutcome, { heading: string; body: string }> = {
  applied: { heading: t("organiser.form.edited.appliedHeading"), body: t("organiser.form.edited.appliedBody") },
  pending: { heading: t("organiser.form.edited.pendingHeading"), body: t("organiser.form.edited.pendingBody") },
  unchanged: { heading: t("organiser.form.edited.unchangedHeading"), body: t("organiser.form.edited.unchangedBody") },
};

export default function EditMarketPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<StepActionData>();
  if (loaderData.kind === "step") {
    const { page } = loaderData;
    return <MarketStepForm key={page.step} page={page} actionData={actionData} />;
  }
  const { sent } = loaderData;
  const texts = OUTCOME_TEXTS[sent.outcome];
  return (
    <article className="max-w-2xl">
      <p className="font-medium text-stone-700 dark:text-stone-300">{t("organiser.form.editEyebrow", { name: sent.name })}</p>
      <h1 className="mt-1 text-3xl font-bold sm:text-4xl">{texts.heading}</h1>
      <p className="mt-4 text-lg">{texts.body}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        {sent.published ? (
          <Link to={`/markeder/${sent.slug}`} className={buttonClass("primary")}>
            {t("organiser.form.sent.seePage")}
          </Link>
        ) : null}
        <Link to="/dashboard/mine-markeder" className={buttonClass(sent.published ? "secondary" : "primary")}>
          {t("organiser.form.sent.myMarkets")}
        </Link>
        <Link to={`/dashboard/mine-markeder/edit/${sent.id}?trin=${FIRST_STEP}`} className={buttonClass("secondary")}>
          {t("organiser.form.edited.again")}
        </Link>
      </div>
    </article>
  );
}
