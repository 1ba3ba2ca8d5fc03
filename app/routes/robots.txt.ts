import { config } from "~/lib/config.server";
import { robotsTxt } from "~/seo/robots";

/** GET /robots.txt: the crawl rules and the sitemap's absolute address (app/seo/robots.ts). */
export function loader() {
  return new Response(robotsTxt(config().baseUrl), { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
