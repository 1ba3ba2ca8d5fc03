import { site } from "~/lib/site-context.server";
import { sitemapXml } from "~/seo/sitemap.server";
import { XML_CONTENT_TYPE } from "~/seo/sitemap-xml";

/** GET /sitemap.xml: every indexable URL, or the index of its parts above 50,000 (app/seo/sitemap.server.ts). */
export async function loader() {
  const body = await sitemapXml(site().database.db, { baseUrl: site().config.baseUrl, maxUrls: site().config.sitemapMaxUrls ?? undefined });
  return new Response(body, { headers: { "Content-Type": XML_CONTENT_TYPE } });
}
