import { canonicalTargetProblem, describeAnswer, duplicateProblems, isNoindex, linkProblem, pageProblems, sitemapProblems, type Answer, type Problem } from "./checks";
import { readPage } from "./page-facts";
import type { AuditSummary } from "./report";
import { parseSitemap } from "./sitemap";
import { canonicalTarget, followedLink, onCrawledServer, type Origins } from "./urls";

export interface AuditOptions {
  /** Where the server answers: "http://localhost:3000". */
  baseUrl: string;
  /** The site's BASE_URL, as written into canonicals and sitemaps, when it is not `baseUrl`. */
  siteUrl?: string;
  /**
   * "crawl": every page reachable from / and the sitemap goes through every check.
   * A list of paths: only those pages do; the pages they link to are fetched for their status.
   */
  pages: "crawl" | string[];
  sitemapPath?: string;
  /** Requests in flight at once; the server renders on one core, so a few are enough to keep it busy. */
  concurrency?: number;
  /**
   * The answer of a URL that is only checked for its status, when the caller knows it without
   * asking the server (the test suite knows every market page the database holds), or null.
   */
  knownAnswer?: (url: string) => Answer | null;
  /** Called now and then with the number of URLs fetched so far. */
  onProgress?: (fetched: number, queued: number) => void;
}

const USER_AGENT = "LoppeguidenSiteAudit/1.0 (+bot)";
const TIMEOUT_MS = 30_000;

interface Fetched {
  answer: Answer;
  /** The body of a 200 answer, when asked for. */
  body: string | null;
  contentType: string;
  robotsHeader: string | null;
}

/** One GET with redirect: "manual", so a redirect shows up as itself instead of as its target. */
async function fetchUrl(url: string, readBody: boolean): Promise<Fetched> {
  try {
    const response = await fetch(url, {
      redirect: "manual",
      headers: { "user-agent": USER_AGENT, accept: "text/html,application/xml;q=0.9,*/*;q=0.8" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const location = response.headers.get("location");
    const body = readBody && response.status === 200 ? await response.text() : null;
    if (body === null) await response.body?.cancel();
    return {
      answer: { status: response.status, location: location ? new URL(location, url).href : null },
      body,
      contentType: response.headers.get("content-type") ?? "",
      robotsHeader: response.headers.get("x-robots-tag"),
    };
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause;
    return { answer: { status: 0, location: null, error: cause?.code ?? (error as Error).message }, body: null, contentType: "", robotsHeader: null };
  }
}

/** Runs `work` on every item of a queue that may grow while it runs, `concurrency` at a time; empties the queue. */
function drain<T>(queue: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    let running = 0;
    let failed = false;
    const pump = () => {
      if (failed) return;
      while (running < concurrency && queue.length > 0) {
        const item = queue.shift()!;
        running++;
        work(item).then(
          () => {
            running--;
            pump();
          },
          (error: unknown) => {
            failed = true;
            reject(error);
          },
        );
      }
      if (running === 0 && queue.length === 0) resolve();
    };
    pump();
  });
}

/**
 * The URLs a sitemap lists, on the crawled server, following a sitemap index to its parts.
 * Null (with a problem) when the sitemap itself cannot be read.
 */
export async function readSitemap(url: string, origins: Origins, problems: Problem[]): Promise<string[] | null> {
  const invalid = (sitemapUrl: string, detail: string) => problems.push({ kind: "sitemap-invalid", url: sitemapUrl, detail });

  const readFile = async (fileUrl: string) => {
    const fetched = await fetchUrl(fileUrl, true);
    if (fetched.body === null) {
      invalid(fileUrl, `answers ${describeAnswer(fetched.answer, origins.crawl)}`);
      return null;
    }
    const parsed = parseSitemap(fetched.body);
    if (parsed.kind === "invalid") invalid(fileUrl, parsed.reason);
    return parsed;
  };
  /** Sitemaps name the site by its BASE_URL; a URL of another site in it is a mistake. */
  const onServer = (fileUrl: string, listed: string[]) => {
    const mapped: string[] = [];
    const foreign: string[] = [];
    for (const entry of listed) {
      let internal: URL | null = null;
      try {
        internal = onCrawledServer(new URL(entry), origins);
      } catch {
        // not an absolute URL: reported below
      }
      if (internal) mapped.push(internal.href);
      else foreign.push(entry);
    }
    if (foreign.length > 0) invalid(fileUrl, `${foreign.length} entries are not absolute URLs of ${origins.site}, first: ${foreign[0]}`);
    return mapped;
  };

  const root = await readFile(url);
  if (!root || root.kind === "invalid") return null;
  if (root.kind === "urlset") return [...new Set(onServer(url, root.urls))];
  const urls: string[] = [];
  for (const part of onServer(url, root.sitemaps)) {
    const parsed = await readFile(part);
    if (parsed?.kind === "index") invalid(part, "a sitemap index inside a sitemap index");
    if (parsed?.kind === "urlset") urls.push(...onServer(part, parsed.urls));
  }
  return [...new Set(urls)];
}

interface Job {
  url: string;
  /** Every check, or only the status. */
  full: boolean;
}

export async function auditSite(options: AuditOptions): Promise<AuditSummary> {
  const started = performance.now();
  const crawlOrigin = new URL(options.baseUrl).origin;
  const origins: Origins = { crawl: crawlOrigin, site: new URL(options.siteUrl ?? options.baseUrl).origin };
  const seedPaths = options.pages === "crawl" ? null : options.pages;
  const crawl = seedPaths === null;
  const concurrency = options.concurrency ?? 4;
  const absolute = (path: string) => new URL(path, crawlOrigin).href;

  const problems: Problem[] = [];
  const answers = new Map<string, Answer>();
  const queue: Job[] = [];
  const scheduled = new Set<string>();
  const linkedFrom = new Map<string, string[]>();
  const titles: { url: string; text: string | null }[] = [];
  const descriptions: { url: string; text: string | null }[] = [];
  const canonicals: { page: string; target: string }[] = [];
  const noindexPages = new Set<string>();
  let pagesChecked = 0;

  const schedule = (url: string, full: boolean) => {
    if (scheduled.has(url)) return;
    scheduled.add(url);
    queue.push({ url, full });
  };

  const sitemapUrls = await readSitemap(absolute(options.sitemapPath ?? "/sitemap.xml"), origins, problems);
  const seeds = seedPaths ? seedPaths.map(absolute) : [absolute("/"), ...(sitemapUrls ?? [])];
  const seedSet = new Set(seeds);
  for (const seed of seeds) schedule(seed, true);

  const checkPage = async ({ url, full }: Job) => {
    const known = full ? null : (options.knownAnswer?.(url) ?? null);
    if (known) {
      answers.set(url, known);
      return;
    }
    const fetched = await fetchUrl(url, full);
    answers.set(url, fetched.answer);
    if (answers.size % 250 === 0) options.onProgress?.(answers.size, queue.length);
    if (!full) return;
    if (fetched.answer.status !== 200) {
      pagesChecked++;
      problems.push({ kind: "page-status", url, detail: `answers ${describeAnswer(fetched.answer, crawlOrigin)}` });
      // A redirect's target is reachable too; the links that lead to the redirect are reported.
      const target = crawl && fetched.answer.location ? followedLink(fetched.answer.location, url, origins) : null;
      if (target) schedule(target, true);
      return;
    }
    // A 200 that is not HTML (a calendar file, the sitemap) has nothing to check but its status.
    if (!fetched.contentType.includes("text/html") || fetched.body === null) return;
    pagesChecked++;
    const facts = readPage(fetched.body);
    const indexable = !isNoindex(facts.robots, fetched.robotsHeader);
    if (!indexable) noindexPages.add(url);
    problems.push(...pageProblems(url, facts, { indexable, origins }));
    titles.push({ url, text: facts.title });
    descriptions.push({ url, text: facts.description });
    const canonical = facts.canonical === null ? null : canonicalTarget(facts.canonical, origins);
    if (canonical?.kind === "internal") canonicals.push({ page: url, target: canonical.url });
    for (const href of new Set(facts.links)) {
      const target = followedLink(href, url, origins);
      if (!target || target === url) continue;
      const sources = linkedFrom.get(target);
      if (sources) sources.push(url);
      else linkedFrom.set(target, [url]);
      schedule(target, crawl || seedSet.has(target));
    }
  };
  await drain(queue, concurrency, checkPage);

  // Canonicals naming a page the crawl did not reach still have to answer 200.
  for (const { target } of canonicals) schedule(target, false);
  await drain(queue, concurrency, checkPage);

  for (const { page, target } of canonicals) {
    const problem = canonicalTargetProblem(page, target, answers.get(target)!, crawlOrigin);
    if (problem) problems.push(problem);
  }
  for (const [target, pages] of linkedFrom) {
    const problem = linkProblem(target, answers.get(target)!, pages.sort(), crawlOrigin);
    if (problem) problems.push(problem);
  }
  problems.push(...duplicateProblems("title-duplicate", titles), ...duplicateProblems("description-duplicate", descriptions));
  if (sitemapUrls) problems.push(...sitemapProblems(sitemapUrls, answers, noindexPages, crawlOrigin));

  return {
    crawlOrigin,
    pagesChecked,
    statusChecked: answers.size - pagesChecked,
    sitemapUrls: sitemapUrls?.length ?? null,
    elapsedMs: performance.now() - started,
    problems,
  };
}
