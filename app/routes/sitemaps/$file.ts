import { site } from "~/lib/site-context.server";
import { t } from "~/lib/i18n";
import { sitemapPartXml } from "~/seo/sitemap.server";
import { XML_CONTENT_TYPE } from "~/seo/sitemap-xml";
import type { Route } from "./+types/$file";

/** GET /sitemaps/{section}-{n}.xml: one part of the sitemap index; 404 for a file the index does not list. */
export async function loader({ params }: Route.LoaderArgs) {
  const body = await sitemapPartXml(site().database.db, params.file, { baseUrl: site().config.baseUrl, maxUrls: site().config.sitemapMaxUrls ?? undefined });
  if (body === null) {
    return new Response(t("api.notFound"), { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(body, { headers: { "Content-Type": XML_CONTENT_TYPE } });
}
