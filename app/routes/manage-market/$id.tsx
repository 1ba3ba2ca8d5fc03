import { Link, useActionData } from "react-router";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { buttonClass } from "~/components/ui/button";
import { replyMessage } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { ManageArchive } from "~/markets/submissions/components/ManageArchive";
import { ManageDates } from "~/markets/submissions/components/ManageDates";
import { ManageHistory } from "~/markets/submissions/components/ManageHistory";
import { ManageImages } from "~/markets/submissions/components/ManageImages";
import { ManagePlan } from "~/markets/submissions/components/ManagePlan";
import { FormError } from "~/components/ui/panel-section";
import { ManageStatus } from "~/markets/submissions/components/ManageStatus";
import { manageMarketAction } from "~/markets/submissions/manage-actions.server";
import { MANAGE_FORMS } from "~/markets/submissions/manage-forms";
import { manageMarketPage } from "~/markets/submissions/manage-page.server";
import type { Route } from "./+types/$id";

/** /manage-market/{id}: one market's control panel, for its owner and the admins. */
export function loader({ request, params }: Route.LoaderArgs) {
  return manageMarketPage(request, params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return manageMarketAction(request, params.id);
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
  const { market, dates, revisions, canRestore, canArchive, confirmArchive, extraDate, constraints, images, plan } = loaderData;
  const path = `/manage-market/${market.id}`;
  const editPath = `/dashboard/mine-markeder/edit/${market.id}`;
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
        <Link to={editPath} className={buttonClass("secondary")}>
          {t("organiser.manage.edit")}
        </Link>
      </div>
      <div className="mt-6">
        <FormError message={replyMessage(reply, MANAGE_FORMS.unknown)} />
      </div>
      <div className="grid gap-6">
        <ManageStatus status={market.status} label={market.statusLabel} texts={market.publicText} href={market.href} />
        <ManageDates
          action={path}
          dates={dates}
          isShop={market.isShop}
          archived={market.status === "archived"}
          reply={reply}
          constraints={constraints}
          suggestion={extraDate}
        />
        <ManageImages action={path} section={images} reply={reply} />
        {plan ? <ManagePlan action={path} section={plan} reply={reply} /> : null}
        {canArchive ? <ManageArchive action={path} confirm={confirmArchive} /> : null}
        {market.status === "archived" ? <p className="text-stone-700 dark:text-stone-300">{t("organiser.manage.archive.closed")}</p> : null}
        <ManageHistory action={path} revisions={revisions} canRestore={canRestore} />
      </div>
    </article>
  );
}
