import { data, Link } from "react-router";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { access, PERSONAL_PAGE_HEADERS } from "~/http/access.server";
import { managedMarket } from "~/http/url-things.server";
import { todayInDenmark } from "~/lib/dates";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { site } from "~/lib/site-context.server";
import { MarketPage } from "~/market-page/components/MarketPage";
import { ownerPreview } from "~/organiser/control-panel/owner-preview.server";
import type { Route } from "./+types/forhaandsvisning";

/**
 * /manage-market/{id}/forhaandsvisning: the market's page as visitors will see it once what waits
 * is approved, for its owner and the admins (guarded like the control panel). Read only.
 */
const guard = access({ permission: "update:market:own", thing: managedMarket, readOnly: true });
export const middleware: Route.MiddlewareFunction[] = [guard];

export async function loader({ context }: Route.LoaderArgs) {
  const { thing: market } = guard.allowed(context);
  const preview = await ownerPreview(site(), market, todayInDenmark());
  return data({ id: market.id, name: market.name, ...preview }, { headers: PERSONAL_PAGE_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { name, id } = loaderData;
  return seoMeta(matches, {
    title: t("organiser.preview.title", { name }),
    description: t("organiser.preview.description", { name }),
    path: `/manage-market/${id}/forhaandsvisning`,
    robots: "noindex,follow",
  });
}

export default function OwnerPreviewPage({ loaderData }: Route.ComponentProps) {
  const { id, name, waiting, page } = loaderData;
  const manage = `/manage-market/${id}`;
  return (
    <article className="mx-auto max-w-6xl">
      <Breadcrumbs
        trail={[
          { name: t("dashboard.nav.label"), path: "/dashboard" },
          { name: t("organiser.mine.heading"), path: "/dashboard/mine-markeder" },
          { name, path: manage },
        ]}
        current={t("organiser.preview.crumb")}
      />
      <h1 className="mt-4 text-3xl font-bold break-words sm:text-4xl">{t("organiser.preview.heading", { name })}</h1>
      <p className="mt-2 max-w-3xl text-lg text-stone-700 dark:text-stone-300">
        {waiting === "submission" ? t("organiser.preview.waitingSubmission") : waiting === "edit" ? t("organiser.preview.waitingEdit") : t("organiser.preview.asItIs")}
      </p>
      <p className="mt-3">
        <Link to={manage}>← {t("organiser.preview.back")}</Link>
      </p>
      <div className="mt-6 rounded-2xl border-2 border-dashed border-stone-400 p-3 sm:p-6 dark:border-stone-500">
        <MarketPage data={page} preview />
      </div>
    </article>
  );
}
