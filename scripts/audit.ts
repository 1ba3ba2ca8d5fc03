import { startBuiltServer, type StartedServer } from "./built-server";
import { auditSite } from "./site-audit/crawler";
import { formatReport } from "./site-audit/report";

/**
 * `npm run audit`: the SEO audit of the whole site. Starts the built server on demo data and
 * crawls everything reachable from / and /sitemap.xml, every page through every check; prints
 * how many pages it checked and the problems by kind; exits with 1 when there are any.
 *
 *   npm run audit -- --url https://loppeguiden.dk        a running site instead
 *   npm run audit -- --url http://localhost:3000 --site-url https://loppeguiden.dk
 *       a site whose BASE_URL (in its canonicals and sitemap) is not the address it is reached on
 */
const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const url = option("url");
const siteUrl = option("site-url");

let server: StartedServer | null = null;
if (!url) {
  console.log("Starting the built server on demo data …");
  server = await startBuiltServer();
}
try {
  const baseUrl = url ?? server!.url;
  console.log(`Crawling ${baseUrl} from / and /sitemap.xml …`);
  const summary = await auditSite({
    baseUrl,
    siteUrl,
    pages: "crawl",
    onProgress: (fetched, queued) => console.log(`  ${fetched} URLs fetched, ${queued} waiting`),
  });
  console.log(`\n${formatReport(summary, 10)}`);
  process.exitCode = summary.problems.length > 0 ? 1 : 0;
} finally {
  const code = await server?.stop();
  if (server && code !== 0) console.error(`The server did not shut down cleanly (exit code ${code}):\n${server.output()}`);
}
