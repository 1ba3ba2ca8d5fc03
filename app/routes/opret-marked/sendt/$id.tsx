import { Link, data } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { access, PERSONAL_PAGE_HEADERS, refusedByGuard } from "~/http/access.server";
import { sentMarket } from "~/http/url-things.server";
import type { Route } from "./+types/$id";

/**
 * /opret-marked/sendt/{id}: what happens to the market just sent. Waiting: an admin looks at it,
 * usually within two working days, and a mail comes. Published at once (a trusted person): a link
 * to its page. Only its owner sees this; anyone else's id is not found.
 */
const guard = access({ permission: "create:market", thing: sentMarket, readOnly: true });
export const middleware: Route.MiddlewareFunction[] = [guard];
export const action = refusedByGuard;

export function loader({ context }: Route.LoaderArgs) {
  const { thing: market } = guard.allowed(context);
  const published = market.status === "published";
  return data({ name: market.name, slug: market.slug, published, path: `/opret-marked/sendt/${market.id}` }, { headers: PERSONAL_PAGE_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const title = loaderData.published ? t("organiser.form.sent.publishedTitle") : t("organiser.form.sent.pendingTitle");
  return seoMeta(matches, { title, description: t("organiser.form.sent.description", { name: loaderData.name }), path: loaderData.path, robots: "noindex,follow" });
}

export default function MarketSentPage({ loaderData }: Route.ComponentProps) {
  const { name, slug, published } = loaderData;
  return (
    <article className="max-w-2xl">
      <h1 className="text-3xl font-bold sm:text-4xl">{published ? t("organiser.form.sent.publishedHeading") : t("organiser.form.sent.pendingHeading")}</h1>
      {published ? (
        <p className="mt-4 text-lg">{t("organiser.form.sent.publishedBody", { name })}</p>
      ) : (
        <>
          <p className="mt-4 text-lg">{t("organiser.form.sent.pendingBody", { name })}</p>
          <p className="mt-3 text-lg">{t("organiser.form.sent.pendingMail")}</p>
        </>
      )}
      <div className="mt-8 flex flex-wrap gap-3">
        {published ? (
          <Link to={`/markeder/${slug}`} className={buttonClass("primary")}>
            {t("organiser.form.sent.seePage")}
          </Link>
        ) : null}
        <Link to="/dashboard/mine-markeder" className={buttonClass(published ? "secondary" : "primary")}>
          {t("organiser.form.sent.myMarkets")}
        </Link>
        <Link to="/opret-marked" className={buttonClass("secondary")}>
          {t("organiser.form.sent.another")}
        </Link>
      </div>
    </article>
  );
}
