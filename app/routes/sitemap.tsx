import { site } from "~/lib/site-context.server";
import { Link } from "react-router";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { landingIndex } from "~/landing/data.server";
import { typeSections, type TypeSection } from "~/seo/human-sitemap";
import { FINDING_PAGES, INFORMATION_PAGES } from "~/seo/site-pages";
import type { Route } from "./+types/sitemap";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** /sitemap: every page of the site for people, by market type and place (the XML one is /sitemap.xml). */
export async function loader() {
  const types = typeSections(await landingIndex(site().database.db));
  return { types, total: types.reduce((sum, type) => sum + type.count, 0) };
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, { title: t("sitemap.title"), description: t("sitemap.description"), path: "/sitemap" });
}

function Count({ count }: { count: number }) {
  return <span className="text-sm text-stone-600 dark:text-stone-400">({count.toLocaleString("da-DK")})</span>;
}

function TypeBlock({ type }: { type: TypeSection }) {
  const plural = type.plural.toLowerCase();
  return (
    <section aria-labelledby={type.slug} className="mt-6 rounded-2xl border border-stone-300 bg-white p-4 sm:p-6 dark:border-stone-700 dark:bg-stone-900">
      <h3 id={type.slug} className="text-xl font-bold">
        {type.plural}
      </h3>
      <p className="mt-1 text-stone-700 dark:text-stone-300">{type.description}</p>
      {type.count > 0 ? (
        <p className="mt-3">
          <Link to={type.path} className="font-semibold">
            {t("sitemap.typeAll", { plural })}
          </Link>{" "}
          <Count count={type.count} />
        </p>
      ) : (
        <p className="mt-3">{t("sitemap.typeEmpty", { plural })}</p>
      )}
      {type.groups.map((group) => (
        <div key={group.id} className="mt-5">
          <h4 className="font-semibold">{group.label}</h4>
          <ul className="mt-1 grid grid-cols-2 gap-x-4 sm:grid-cols-3 lg:grid-cols-4">
            {group.places.map((place) => (
              <li key={place.path} className="py-1">
                <Link to={place.path}>{place.name}</Link> <Count count={place.count} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

export default function SitemapPage({ loaderData }: Route.ComponentProps) {
  const { types, total } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("sitemap.heading")}</h1>
      <div className="mt-4 max-w-3xl space-y-3 text-lg text-stone-700 dark:text-stone-300">
        <p>{t("sitemap.intro")}</p>
        <p>{total === 1 ? t("sitemap.introCountOne") : t("sitemap.introCount", { count: total.toLocaleString("da-DK") })}</p>
      </div>

      <section aria-labelledby="find-markeder" className="mt-10">
        <h2 id="find-markeder" className="text-2xl font-bold">
          {t("sitemap.findHeading")}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FINDING_PAGES.map((page) => (
            <li key={page.path}>
              <Link to={page.path} className="text-lg font-semibold">
                {page.label}
              </Link>
              <p className="mt-1 text-stone-700 dark:text-stone-300">{page.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="typer-og-omraader" className="mt-12">
        <h2 id="typer-og-omraader" className="text-2xl font-bold">
          {t("sitemap.typesHeading")}
        </h2>
        <nav aria-label={t("sitemap.typesNavigation")} className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {types.map((type) => (
              <li key={type.slug}>
                <a href={`#${type.slug}`} className="inline-block rounded-full border border-stone-400 px-3 py-1 text-sm no-underline dark:border-stone-500">
                  {type.plural}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {types.map((type) => (
          <TypeBlock key={type.slug} type={type} />
        ))}
      </section>

      <section aria-labelledby="om-loppeguiden" className="mt-12">
        <h2 id="om-loppeguiden" className="text-2xl font-bold">
          {t("sitemap.aboutHeading")}
        </h2>
        <p className="mt-2 text-stone-700 dark:text-stone-300">{t("sitemap.aboutIntro")}</p>
        <ul className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3 lg:grid-cols-4">
          {INFORMATION_PAGES.map((page) => (
            <li key={page.path}>
              <Link to={page.path}>{page.label}</Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
