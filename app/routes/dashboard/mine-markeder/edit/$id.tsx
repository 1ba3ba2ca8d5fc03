import leafletStyles from "leaflet/dist/leaflet.css?url";
import { Link, data, useActionData, type RouterContextProvider, type ShouldRevalidateFunctionArgs } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { isMultipart, readForm, readLimitedForm } from "~/http/request-body.server";
import { site } from "~/lib/site-context.server";
import { IMAGE_UPLOAD_MAX_BYTES } from "~/organiser/pictures/image-actions.server";
import { MarketStepForm } from "~/organiser/form/components/MarketStepForm";
import { editDraftOf } from "~/organiser/form/drafts.server";
import { IMAGES_STEP, isStepSlug, REVIEW_STEP } from "~/organiser/form/form-steps";
import { pendingRevisionOf } from "~/revisions/revisions.server";
import type { StepActionData } from "~/organiser/form/step-page";
import { stepMeta } from "~/organiser/form/step-meta";
import { stepAction, stepUpload } from "~/organiser/form/step-actions.server";
import { checkReasonOf, editStart, returnPathOf, STEP_FORM_MAX_BYTES, stepPageData, type FormContext } from "~/organiser/form/step-page.server";
import { answerStep } from "~/http/post-answers.server";
import { access, PERSONAL_PAGE_HEADERS } from "~/http/access.server";
import { managedMarket } from "~/http/url-things.server";
import type { Route } from "./+types/$id";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];

/**
 * /dashboard/mine-markeder/edit/{id}?trin=…: the market form's seven steps over a stored market
 * (without ?trin "Se og send", from where each part opens on its own),
 * kept as the person's draft until it is sent (then editMarket); ?trin=sendt says what became of
 * it. The guard, on the page and on every post: a visitor signs in (302), a malformed or unknown
 * id is not found (404), anyone but the owner and the admins is refused (403). The page's permission
 * (update:market:own with the market's owner) is also the one its pictures need.
 */
const guard = access({ permission: "update:market:own", thing: managedMarket });
export const middleware: Route.MiddlewareFunction[] = [guard];

function guarded(context: Readonly<RouterContextProvider>) {
  const { viewer, thing: market } = guard.allowed(context);
  return { db: site().database.db, market, viewer };
}

/**
 * The step ?trin=… names; without one "Se og send", the whole market as it stands with a link to
 * each part. ?tilbage=… opens a step on its own, to return there once saved (returnPathOf).
 */
async function formContext(context: Readonly<RouterContextProvider>, url: URL): Promise<FormContext> {
  const { db, market, viewer } = guarded(context);
  const chosen = url.searchParams.get("trin") ?? REVIEW_STEP;
  if (!isStepSlug(chosen)) throw data(null, { status: 404 });
  const draft = await editDraftOf(db, viewer.user.id, market.id);
  return { mode: "edit", viewer, step: chosen, draft, market: await editStart(db, viewer, market), returnTo: returnPathOf(url) };
}

type EditOutcome = "applied" | "pending" | "unchanged";

export async function loader({ url, context }: Route.LoaderArgs) {
  const step = url.searchParams.get("trin");
  if (step === "sendt") {
    const { db, market, viewer } = guarded(context);
    const pending = await pendingRevisionOf(db, market.id);
    // Read from the market, not taken from the address: what waits for review is in the database.
    const waiting = market.status === "pending" || (pending?.kind === "edit" && pending.authorId === viewer.user.id);
    const outcome: EditOutcome = url.searchParams.get("resultat") === "unchanged" ? "unchanged" : waiting ? "pending" : "applied";
    const sent = { name: market.name, slug: market.slug, id: market.id, published: market.status === "published", outcome };
    return data({ kind: "sent" as const, sent }, { headers: PERSONAL_PAGE_HEADERS });
  }
  const form = await formContext(context, url);
  return data({ kind: "step" as const, page: await stepPageData(site(), form, checkReasonOf(url)) }, { headers: PERSONAL_PAGE_HEADERS });
}

/** A step's fields, or on "Billeder" a picture's post: an upload is read with the pictures' own limit. */
export async function action({ url, request, context }: Route.ActionArgs) {
  const form = await formContext(context, url);
  if (form.step === IMAGES_STEP && isMultipart(request)) return answerStep(await stepUpload(site(), form, await readLimitedForm(request, IMAGE_UPLOAD_MAX_BYTES)));
  return answerStep(await stepAction(site(), form, await readForm(request, STEP_FORM_MAX_BYTES)));
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
        <Link to={`/dashboard/mine-markeder/edit/${sent.id}`} className={buttonClass("secondary")}>
          {t("organiser.form.edited.again")}
        </Link>
      </div>
    </article>
  );
}
