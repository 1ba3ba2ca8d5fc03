import { Link, data, useActionData } from "react-router";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { buttonClass } from "~/components/ui/button";
import { replyMessage } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { isMultipart, readForm, readLimitedForm } from "~/http/request-body.server";
import { formText } from "~/forms/form-data";
import { site } from "~/lib/site-context.server";
import { changeTargetList, IMAGE_UPLOAD_MAX_BYTES, isImageIntent, manageImageTarget, setPlan, uploadToTarget } from "~/organiser/pictures/image-actions.server";
import { IMAGE_INTENTS } from "~/organiser/pictures/image-forms";
import { ManageArchive } from "~/organiser/control-panel/components/ManageArchive";
import { ManageDates } from "~/organiser/control-panel/components/ManageDates";
import { ManageHistory } from "~/organiser/control-panel/components/ManageHistory";
import { ManageImages } from "~/organiser/pictures/components/ManageImages";
import { ManagePlan } from "~/organiser/pictures/components/ManagePlan";
import { FormError } from "~/components/ui/panel-section";
import { ManageSections } from "~/organiser/control-panel/components/ManageSections";
import { ManageStatus } from "~/organiser/control-panel/components/ManageStatus";
import { withReturn } from "~/organiser/form/form-steps";
import { addDate, archive, cancelDate, restore, restoreDate, unknownManageForm } from "~/organiser/control-panel/manage-actions.server";
import { CONFIRM_ARCHIVE_PARAM, MANAGE_FORMS, MANAGE_INTENTS } from "~/organiser/control-panel/manage-forms";
import { manageMarketPage } from "~/organiser/control-panel/manage-page.server";
import { access, PERSONAL_PAGE_HEADERS, requirePermission } from "~/http/access.server";
import { managedMarket } from "~/http/url-things.server";
import { answerPost } from "~/http/post-answers.server";
import type { Route } from "./+types/index";
import { userCan } from "~/auth/permissions";
import { permissionHolder } from "~/auth/viewer";
import { mergePath } from "~/review/review-paths";

/**
 * /manage-market/{id}: one market's control panel, for its owner and the admins. Every post is
 * guarded like the page (a visitor signs in, an unknown market is not found, anyone but its owner
 * and the admins is refused; a market's pictures need no more); closing, restoring and the plan ask
 * for their own permission with the market's owner.
 */
const guard = access({ permission: "update:market:own", thing: managedMarket });
export const middleware: Route.MiddlewareFunction[] = [guard];

export async function loader({ url, context }: Route.LoaderArgs) {
  const { viewer, thing: market } = guard.allowed(context);
  const confirmArchive = url.searchParams.get(CONFIRM_ARCHIVE_PARAM) === "ja";
  const page = await manageMarketPage(site().database.db, viewer, market, { confirmArchive });
  // An admin who finds this market is a duplicate merges it from here too.
  const mergeHref = userCan(permissionHolder(viewer), "delete:market:any") ? mergePath(market.id) : null;
  return data({ ...page, mergeHref }, { headers: PERSONAL_PAGE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, thing: market } = guard.allowed(context);
  const current = site();
  const db = current.database.db;
  // Only "Tilføj billede" sends a file; its body is read with the pictures' limit.
  if (isMultipart(request)) {
    const upload = await readLimitedForm(request, IMAGE_UPLOAD_MAX_BYTES);
    return answerPost((await uploadToTarget(current, viewer, manageImageTarget(current, viewer, market), upload)) ?? unknownManageForm());
  }
  const form = await readForm(request);
  const intent = formText(form, "intent");
  if (isImageIntent(intent)) return answerPost(await changeTargetList(manageImageTarget(current, viewer, market), intent, form));
  switch (intent) {
    case IMAGE_INTENTS.plan:
      requirePermission(viewer, "update:market:any", { ownerId: market.ownerId });
      return answerPost(await setPlan(db, market, form));
    case MANAGE_INTENTS.cancelDate:
      return answerPost(await cancelDate(db, viewer, market, form));
    case MANAGE_INTENTS.restoreDate:
      return answerPost(await restoreDate(db, viewer, market, form));
    case MANAGE_INTENTS.addDate:
      return answerPost(await addDate(db, viewer, market, form));
    case MANAGE_INTENTS.archive:
      requirePermission(viewer, "delete:market:own", { ownerId: market.ownerId });
      return answerPost(await archive(db, viewer, market));
    case MANAGE_INTENTS.restore:
      requirePermission(viewer, "moderate:market:any", { ownerId: market.ownerId });
      return answerPost(await restore(db, viewer, market, formText(form, "revisionId")));
    default:
      return answerPost(unknownManageForm());
  }
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { name, id } = loaderData.market;
  return seoMeta(matches, {
    title: t("organiser.manage.title", { name }),
    description: t("organiser.manage.description", { name }),
    path: `/manage-market/${id}`,
    robots: "noindex,follow",
  });
}

export default function ManageMarket({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  const { market, dates, revisions, canRestore, canArchive, confirmArchive, extraDate, constraints, images, plan, mergeHref } = loaderData;
  const path = `/manage-market/${market.id}`;
  // The edit opens on the whole market as it will look, each part opened on its own from there; sent, it comes back here.
  const editPath = withReturn(`/dashboard/mine-markeder/edit/${market.id}`, path);
  return (
    <article className="mx-auto max-w-4xl">
      <Breadcrumbs
        trail={[
          { name: t("dashboard.nav.label"), path: "/dashboard" },
          { name: t("organiser.mine.heading"), path: "/dashboard/mine-markeder" },
        ]}
        current={market.name}
      />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="font-medium text-emerald-800 dark:text-emerald-300">{t("organiser.manage.eyebrow")}</p>
          <h1 className="mt-1 text-3xl font-bold break-words sm:text-4xl">{market.name}</h1>
        </div>
        <div className="flex flex-wrap gap-3">
          {mergeHref ? (
            <Link to={mergeHref} className={buttonClass("secondary")}>
              {t("admin.markets.merge")}
            </Link>
          ) : null}
          <Link to={editPath} className={buttonClass("secondary")}>
            {t("organiser.manage.edit")}
          </Link>
        </div>
      </div>
      <div className="mt-6">
        <FormError message={replyMessage(reply, MANAGE_FORMS.unknown)} />
      </div>
      <div className="grid gap-6">
        <ManageStatus status={market.status} label={market.statusLabel} texts={market.publicText} href={market.href} previewHref={market.previewHref} />
        <ManageSections marketId={market.id} returnTo={path} />
        <ManageDates action={path} dates={dates} isShop={market.isShop} archived={market.status === "archived"} reply={reply} constraints={constraints} suggestion={extraDate} />
        <ManageImages action={path} section={images} reply={reply} />
        {plan ? <ManagePlan action={path} section={plan} reply={reply} /> : null}
        {canArchive ? <ManageArchive action={path} confirm={confirmArchive} /> : null}
        {market.status === "archived" ? <p className="text-stone-700 dark:text-stone-300">{t("organiser.manage.archive.closed")}</p> : null}
        <ManageHistory action={path} revisions={revisions} canRestore={canRestore} />
      </div>
    </article>
  );
}
