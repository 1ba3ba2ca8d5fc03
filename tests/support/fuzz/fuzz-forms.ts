import fc from "fast-check";
import { escapeHtml } from "../../../app/lib/html";
import { FIELD_INDEX_MAX } from "../../../app/lib/form-bounds";
import translation from "../../../app/locales/da/translation.json";
import { expressRoutes, reactRouterRoutes, routeOf, type SiteRoute } from "../route-table";
import type { Site, SiteResponse } from "../site";
import { adversarialPosts, encodePost, type AdversarialPost } from "./adversarial-posts";
import { pageForms, pageLinks, type PageForm } from "./page-forms";
import type { FuzzWorld, Person, PersonLabel } from "./world";

/**
 * Every form of the site sent adversarial posts by everyone who can reach it, and by everyone who
 * cannot. The forms are found, not listed: the pages that take posts are crawled, as each person,
 * from the pages the world's data gives them (world.ts), and every form they render is taken with
 * its fields; every route
 * of the route table that takes a post and no page's form reaches (a JSON endpoint, a form shown
 * only in a state the world lacks) is sent posts at its sample address. For each request:
 *
 * - never a 5xx, and never a connection cut without an answer;
 * - the answer at most REPLY_MAX_BYTES, with no field name in it carrying a list index past the
 *   bound of app/lib/form-bounds.ts (the reply fills the form in again from what it parsed);
 * - a refused post that a browser could have sent says why (a message at a field, an alert, a
 *   status screen); a crafted one may be refused with any 4xx;
 * - where it leads (a redirect), and the page the form is on, still render afterwards: what the
 *   post stored shows without a server error.
 */

/** No answer to a form is larger: our largest page with a form in it is far below. */
export const REPLY_MAX_BYTES = 512 * 1024;

export interface FuzzTarget {
  /** Where it posts, and the page it was found on (null: no page shows it, posted at its sample). */
  form: PageForm;
  page: string | null;
  /** Who the page showed it to. */
  foundBy: PersonLabel;
  route: SiteRoute;
}

export interface FuzzOptions {
  seed: number;
  /** Posts in all, shared out over the forms and people: at least one per form and person. */
  runs: number;
}

/** Pages the crawl does not open: the auth library's way back, files and feeds. */
const NOT_CRAWLED = /^\/(api|billeder|assets|auth|test)\/|\.(ics|xml|txt|json|webp|png|jpg)(\?|$)/;

/**
 * A page per route, except where one route shows different forms by its step: the market form's
 * steps (/opret-marked/{draft}/{step}) and the edit form's (?trin=…).
 */
function pageKey(routes: SiteRoute[], path: string): string | null {
  const url = new URL(path, "http://loppeguiden.invalid");
  const route = routeOf(routes, url.pathname);
  if (!route?.page) return null;
  const step = route.pattern.endsWith("/:step") ? url.pathname.split("/").at(-1) : "";
  return [route.pattern, step, url.searchParams.get("trin") ?? ""].join(" ");
}

/**
 * Is this a page that takes posts? A form posts to its own page, but for the few that every page
 * shows (the theme, the cookie choice, Gem, signing out), which the seeds' pages show too: the
 * crawl follows links only to pages that take posts, so it opens a few dozen pages, not all.
 */
function takesPosts(routes: SiteRoute[], path: string): boolean {
  return routeOf(routes, new URL(path, "http://loppeguiden.invalid").pathname)?.methods.includes("POST") ?? false;
}

/** The forms the pages show each person, and the page each was found on. */
async function crawl(site: Site, world: FuzzWorld, routes: SiteRoute[]): Promise<FuzzTarget[]> {
  const targets = new Map<string, FuzzTarget>();
  for (const person of world.people) {
    const seen = new Set<string>();
    let wave = world.seeds[person.label].filter((path) => !NOT_CRAWLED.test(path));
    while (wave.length) {
      const next: string[] = [];
      const fresh = wave.filter((path) => {
        const key = pageKey(routes, path);
        if (key === null || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      for (let start = 0; start < fresh.length; start += 4) {
        await Promise.all(
          fresh.slice(start, start + 4).map(async (path) => {
            const answer = await person.client.get(path);
            if (answer.status !== 200 || !answer.headers.get("content-type")?.includes("text/html")) return;
            const pageUrl = new URL(path, site.url).href;
            for (const form of pageForms(answer.text, pageUrl)) {
              const route = routeOf(routes, new URL(form.action, pageUrl).pathname);
              if (!route) continue;
              const key = `${pageKey(routes, form.action) ?? route.pattern} ${form.fields.map((field) => field.name).join(",")} ${form.buttons.map((button) => `${button.name}=${button.value}`).join(",")}`;
              if (!targets.has(key)) targets.set(key, { form, page: path, foundBy: person.label, route });
            }
            next.push(...pageLinks(answer.text, pageUrl).filter((link) => !NOT_CRAWLED.test(link) && takesPosts(routes, link)));
          }),
        );
      }
      wave = next;
    }
  }
  return [...targets.values()];
}

/** The targets: every form found, and every route that takes a post that none of them reaches. */
export async function fuzzTargets(site: Site, world: FuzzWorld): Promise<FuzzTarget[]> {
  const routes = reactRouterRoutes();
  const found = await crawl(site, world, routes);
  const reached = new Set(found.map((target) => target.route.pattern));
  const unreached = [...expressRoutes(), ...routes]
    .filter((route) => route.methods.includes("POST") && !reached.has(route.pattern))
    .map((route): FuzzTarget => ({ form: { action: route.sample, multipart: false, fields: [], buttons: [] }, page: null, foundBy: "visitor", route }));
  return [...found, ...unreached].sort((a, b) => `${a.route.pattern} ${a.form.action}`.localeCompare(`${b.route.pattern} ${b.form.action}`));
}

/**
 * What is wrong with one answer; null when nothing is. A post a browser could have sent that is
 * refused must say why; a crafted one may be refused with any 4xx.
 */
function problemWith(answer: SiteResponse, browserLike = false): string | null {
  if (answer.status >= 500) return `${answer.status}: ${answer.text.slice(0, 300)}`;
  if (answer.body.length > REPLY_MAX_BYTES) return `an answer of ${answer.body.length} bytes`;
  const html = answer.headers.get("content-type")?.includes("text/html");
  if (html) {
    for (const [, index] of answer.text.matchAll(/name="[^"]*\[(\d+)\]/g)) {
      if (Number(index) > FIELD_INDEX_MAX) return `a field with list index ${index} in the answer`;
    }
  }
  if (browserLike && html && answer.status >= 400 && !saysWhy(answer.text)) return `a ${answer.status} page that says nothing about it`;
  return null;
}

/** The headings of the status screens (a page of the site's, or the plain one before it runs). */
const STATUS_HEADINGS = [...Object.values(translation.errors.status), translation.errors.notFound, translation.errors.unauthorized, translation.errors.generic].map((screen) =>
  escapeHtml(screen.heading),
);

/** Does a refused post's page say why: a message at a field, an alert, or a status screen? */
function saysWhy(page: string): boolean {
  return /role="alert"|aria-invalid="true"/.test(page) || STATUS_HEADINGS.some((heading) => page.includes(`${heading}</h1>`));
}

/** What one post did: a problem, or none; and whether it went through (so may have stored something). */
interface Sent {
  problem: string | null;
  through: boolean;
}

async function send(person: Person, target: FuzzTarget, post: AdversarialPost): Promise<Sent> {
  const { body, type } = encodePost(post);
  await person.ensureSignedIn();
  let answer: SiteResponse;
  try {
    answer = await person.client.request("POST", target.form.action, { body, headers: { "Content-Type": type, Accept: "text/html" } });
  } catch (error) {
    return { problem: `no answer: ${(error as Error).message}`, through: false };
  }
  const through = answer.status < 300 || answer.status === 303;
  const problem = problemWith(answer, post.browserLike);
  if (problem) return { problem: `POST ${target.form.action}: ${problem}`, through };
  // Where a post that went through leads (a 302 to sign in shows nothing the post stored).
  const location = answer.status === 303 ? answer.location : null;
  if (location && location.startsWith("/")) {
    const led = await person.client.get(location);
    const ledProblem = problemWith(led);
    if (ledProblem) return { problem: `GET ${location} after the post: ${ledProblem}`, through };
  }
  return { problem: null, through };
}

export interface FuzzFailure {
  target: string;
  person: string;
  problem: string;
  post: string;
  seed: number;
}

/** Sends every target its share of the posts as every person; the failures, each with the seed that replays it. */
export async function fuzzForms(site: Site, world: FuzzWorld, targets: FuzzTarget[], options: FuzzOptions): Promise<FuzzFailure[]> {
  const failures: FuzzFailure[] = [];
  const perFormAndPerson = Math.max(1, Math.ceil(options.runs / (targets.length * world.people.length)));
  let round = 0;
  for (const target of targets) {
    let anyThrough = false;
    // Another account is the owner's stranger: on a form that is not the owner's it would be one
    // more signed-in person who is not an admin, which the owner already is.
    for (const person of world.people.filter((candidate) => candidate.label !== "other" || target.foundBy === "owner")) {
      const seed = (options.seed + round++) | 0;
      let problem: string | null = null;
      const result = await fc.check(
        fc.asyncProperty(adversarialPosts(target.form, { json: !target.route.page }), async (post) => {
          const sent = await send(person, target, post);
          problem = sent.problem;
          if (sent.through) anyThrough = true;
          return problem === null;
        }),
        { seed, numRuns: perFormAndPerson, endOnFailure: true },
      );
      if (result.failed) {
        failures.push({
          target: `${target.route.pattern} (${target.form.action})`,
          person: person.label,
          problem: problem ?? String(result.errorInstance),
          post: JSON.stringify(result.counterexample?.[0]).slice(0, 500),
          seed,
        });
      }
    }
    // The form's page shows what a post that went through stored; a refused one stored nothing.
    if (target.page && anyThrough) {
      const finder = world.people.find((person) => person.label === target.foundBy)!;
      await finder.ensureSignedIn();
      const page = await finder.client.get(target.page);
      const pageProblem = problemWith(page);
      if (pageProblem) failures.push({ target: target.page, person: finder.label, problem: `the form's page after the posts: ${pageProblem}`, post: "", seed: options.seed });
    }
  }
  return failures;
}

/**
 * The pages that show what the posts may have stored: the public ones as a visitor sees them, the
 * dashboard's as each signed-in person. None may fail.
 */
export async function pagesAfterwards(world: FuzzWorld): Promise<string[]> {
  const publicPages = [
    "/",
    "/register",
    "/kalender",
    "/markeder",
    "/api/markers",
    `/markeder/${world.market.slug}`,
    `/markeder/${world.market.slug}.ics`,
    `/markeder/${world.unowned.slug}`,
  ];
  const dashboardPages = ["/dashboard", "/dashboard/mine-markeder", "/dashboard/gemte-markeder", "/dashboard/admin/godkendelser", "/dashboard/market-claims"];
  const problems: string[] = [];
  for (const person of world.people) {
    await person.ensureSignedIn();
    for (const path of person.label === "visitor" ? publicPages : dashboardPages) {
      const answer = await person.client.get(path);
      if (answer.status >= 500) problems.push(`${person.label} GET ${path}: ${answer.status}`);
    }
  }
  return problems;
}
