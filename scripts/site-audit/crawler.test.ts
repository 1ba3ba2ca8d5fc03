import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Problem } from "./checks";
import { auditSite } from "./crawler";

/** The BASE_URL the fixture site writes into canonicals and its sitemap, unlike the address it answers on. */
const SITE = "https://loppeguiden.test";
const WORDS = Array.from({ length: 100 }, (_, index) => `ord${index}`).join(" ");

function html(path: string, options: { title?: string; robots?: string; canonical?: string; body?: string } = {}): string {
  const title = options.title ?? `Side ${path}`;
  const canonical = options.canonical ?? SITE + path;
  return `<!DOCTYPE html><html lang="da"><head><title>${title}</title>
    <meta name="description" content="Beskrivelse af ${path}">
    ${options.robots ? `<meta name="robots" content="${options.robots}">` : ""}
    <link rel="canonical" href="${canonical}">
    <meta property="og:url" content="${canonical}"><meta property="og:title" content="${title}">
    <meta property="og:description" content="Beskrivelse af ${path}"></head>
    <body><main><h1>${title}</h1><p>${WORDS}</p>${options.body ?? ""}</main></body></html>`;
}

const PAGES: Record<string, string> = {
  "/": html("/", {
    body: `<a href="/a">A</a> <a href="/flyttet">gammel adresse</a> <a href="/findes-ikke">væk</a>
      <a href="/soeg?q=loppe">søg</a> <a href="https://example.com/">ude</a> <a href="${SITE}/b#kort">B</a>
      <a href="/kalender.ics">kalender</a>`,
  }),
  "/a": html("/a", { canonical: `${SITE}/flyttet`, body: '<a href="/b">B</a>' }),
  // Reached only by following links: without a title, which only a full check notices.
  "/b": html("/b", { title: "", body: '<a href="/c">C</a>' }),
  "/c": html("/c", { title: "Side /a" }),
  "/skjult": html("/skjult", { robots: "noindex,follow" }),
};

const SITEMAP_INDEX = `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>${SITE}/sitemaps/sider.xml</loc></sitemap></sitemapindex>`;
const SITEMAP_PART = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>${SITE}/</loc></url><url><loc>${SITE}/a</loc></url><url><loc>${SITE}/skjult</loc></url></urlset>`;

let server: Server;
let baseUrl: string;
const requested: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? "/";
    requested.push(path);
    if (path === "/flyttet") {
      response.writeHead(301, { location: "/a" }).end();
    } else if (path === "/sitemap.xml" || path === "/sitemaps/sider.xml") {
      response.writeHead(200, { "content-type": "application/xml" }).end(path === "/sitemap.xml" ? SITEMAP_INDEX : SITEMAP_PART);
    } else if (path === "/kalender.ics") {
      response.writeHead(200, { "content-type": "text/calendar" }).end("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
    } else if (PAGES[path]) {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(PAGES[path]);
    } else {
      response.writeHead(404, { "content-type": "text/html; charset=utf-8" }).end(html(path, { title: "Siden findes ikke" }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const brief = (problems: Problem[]) => problems.map((problem) => `${problem.kind} ${new URL(problem.url).pathname}`).sort();

describe("auditing a list of pages (npm test)", () => {
  test("checks the pages in full, the pages they link to for their status only", async () => {
    requested.length = 0;
    const summary = await auditSite({ baseUrl, siteUrl: SITE, pages: ["/", "/a", "/skjult"], concurrency: 2 });

    expect(brief(summary.problems)).toEqual(["broken-link /findes-ikke", "canonical-target /a", "redirecting-link /flyttet", "sitemap-noindex /skjult"]);
    expect(summary.problems.find((problem) => problem.kind === "broken-link")?.related).toEqual([`${baseUrl}/`]);
    expect(summary).toMatchObject({ pagesChecked: 3, sitemapUrls: 3 });
    // /b, /findes-ikke, /flyttet and /kalender.ics: linked; /b came from two spellings of one URL.
    expect(summary.statusChecked).toBe(4);
    expect(requested).not.toContain("/soeg?q=loppe");
    expect(requested).not.toContain("/c");
  });

  test("a seed that does not answer 200 is reported with its answer", async () => {
    const summary = await auditSite({ baseUrl, siteUrl: SITE, pages: ["/flyttet", "/findes-ikke"] });
    expect(summary.problems.filter((problem) => problem.kind === "page-status").map((problem) => problem.detail)).toEqual(
      expect.arrayContaining(["answers 301 → /a", "answers 404"]),
    );
  });
});

describe("crawling the whole site (npm run audit)", () => {
  test("checks everything reachable from / and the sitemap in full", async () => {
    const summary = await auditSite({ baseUrl, siteUrl: SITE, pages: "crawl" });
    expect(brief(summary.problems)).toEqual(
      [
        "broken-link /findes-ikke",
        "canonical-target /a",
        // Followed in a crawl: the redirect's target, reported once as a page that does not answer 200.
        "page-status /flyttet",
        "page-status /findes-ikke",
        "redirecting-link /flyttet",
        "sitemap-noindex /skjult",
        "title-duplicate /a",
        "title-missing /b",
      ].sort(),
    );
    expect(summary.pagesChecked).toBe(7);
  });

  test("canonicals and sitemap URLs on another origin than the site's are problems", async () => {
    const summary = await auditSite({ baseUrl, pages: ["/"] });
    expect(summary.problems.map((problem) => problem.kind)).toEqual(expect.arrayContaining(["canonical-invalid", "sitemap-invalid"]));
  });
});
