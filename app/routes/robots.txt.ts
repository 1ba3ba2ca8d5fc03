import { site } from "~/lib/site-context.server";
import { robotsTxt } from "~/seo/robots";

/** GET /robots.txt: the crawl rules and the sitemap's absolute address (app/seo/robots.ts). */
export function loader() {
  return new Response(robotsTxt(site().config.baseUrl), { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
