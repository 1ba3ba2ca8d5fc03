import { config } from "~/lib/config.server";
import { database } from "~/lib/db/database.server";
import { sitemapXml } from "~/seo/sitemap.server";
import { XML_CONTENT_TYPE } from "~/seo/sitemap-xml";

/** GET /sitemap.xml: every indexable URL, or the index of its parts above 50,000 (app/seo/sitemap.server.ts). */
export async function loader() {
  const body = await sitemapXml(database().db, { baseUrl: config().baseUrl, maxUrls: config().sitemapMaxUrls ?? undefined });
  return new Response(body, { headers: { "Content-Type": XML_CONTENT_TYPE } });
}
