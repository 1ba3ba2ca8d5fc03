import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { allArticles } from "../../app/content/articles.server";
import { allBlogPosts } from "../../app/content/blog.server";
import { todayInDenmark } from "../../app/lib/dates";
import { feedToken, savedFeedPath } from "../../app/saved/saved-feed.server";
import { createTestMarket, type TestAccount, type TestMarket } from "../support/factories";
import { reactRouterRoutes } from "../support/route-table";
import { startSite, type Client, type Site } from "../support/site";

/**
 * The request-level files run on SQLite alone (vitest.config.ts), so this file is their one pass on
 * PostgreSQL: the main forms that write are sent once, then every route of the route table that
 * answers GET is opened as a visitor, an owner and an admin, with the world's own market, draft and
 * waiting submission where the pattern takes an id. A query that only PostgreSQL refuses (a type,
 * a dialect's SQL, a count read as text) turns it red with the route that failed.
 * It runs on integration:postgres only.
 */

const RULE = [{ kind: "rule", startDate: "2025-01-05", rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "10:00", endTime: "15:00" }];
const STEPS = {
  "om-markedet": { type: "flea_market", name: "Loppemarked på Havnen", description: "Stort marked med over 100 boder." },
  sted: { venueName: "Havnen", street: "Havnevej 1", postalCode: "8000", city: "" },
  "datoer-og-tider": { tidsplan: "dato", "enkelt.dato": "2027-05-02", "enkelt.aabner": "10:00", "enkelt.lukker": "15:00" },
  praktisk: { entry: "gratis", setting: "outdoor" },
  kontakt: { email: "havnen@eksempel.dk" },
  billeder: {},
};

/** Routes that answer 500 on purpose (the error pages the suites test), or wait on purpose. */
const BY_DESIGN = new Set(["/500", "/test/kritisk", "/test/fejl", "/test/komponentfejl", "/test/langsom"]);

let site: Site;
let owner: { account: TestAccount; client: Client };
let other: { account: TestAccount; client: Client };
let admin: { account: TestAccount; client: Client };
let market: TestMarket;
let unowned: TestMarket;
/** Made by the forms in the first test, opened in the second. */
const made = { draft: "", sent: "", revision: "", slug: "" };

beforeAll(async () => {
  site = await startSite();
  [owner, other, admin] = await Promise.all([site.signedIn({ name: "Ejer Olsen" }), site.signedIn({ name: "Anden Hansen" }), site.signedIn({ name: "Admin Berg", admin: true })]);
  [market, unowned] = await Promise.all([
    createTestMarket(site.database, { name: "Loppemarked i Byparken", schedules: RULE }, { owner: owner.account.id }),
    createTestMarket(site.database, { name: "Loppemarked ved Åen", schedules: RULE }),
  ]);
});

afterAll(async () => {
  await site?.close();
});

const draftIdIn = (location: string | null) => /\/opret-marked\/([0-9a-f-]{36})\//.exec(location ?? "")?.[1] ?? "";
const pendingRevision = async (marketId: string) =>
  (await site.database.db.selectFrom("market_revisions").select("id").where("market_id", "=", marketId).where("state", "=", "pending").executeTakeFirstOrThrow()).id;

describe("on PostgreSQL", () => {
  test("the main forms write: a draft's steps, sending, an edit, cancelling a date, saving a market, a claim and the admin's approvals", async () => {
    // A draft left at its second step, for the form's pages below.
    const kept = await owner.client.post("/opret-marked", { intent: "videre", ...STEPS["om-markedet"], name: "Loppemarked i Kladden" });
    expect(kept.status).toBe(303);
    made.draft = draftIdIn(kept.location);

    const first = await owner.client.post("/opret-marked", { intent: "videre", ...STEPS["om-markedet"] });
    expect(first.status).toBe(303);
    const draft = draftIdIn(first.location);
    for (const step of ["sted", "datoer-og-tider", "praktisk", "kontakt", "billeder"] as const) {
      expect((await owner.client.post(`/opret-marked/${draft}/${step}`, { intent: "videre", ...STEPS[step] })).status, step).toBe(303);
    }
    const sent = await owner.client.post(`/opret-marked/${draft}/se-og-send`, { intent: "send" });
    expect(sent.status).toBe(303);
    made.sent = sent.location!.split("/").at(-1)!;
    made.revision = await pendingRevision(made.sent);

    // The owner is new, so the edit waits for review; the admin approves it.
    const edit = `/dashboard/mine-markeder/edit/${market.id}`;
    expect(
      (await owner.client.post(`${edit}?trin=om-markedet`, { intent: "videre", type: "flea_market", name: "Loppemarked i Byparken Nord", description: "Nu i den nordlige ende." }))
        .status,
    ).toBe(303);
    expect((await owner.client.post(`${edit}?trin=se-og-send`, { intent: "send" })).status).toBe(303);
    expect((await admin.client.post(`/dashboard/admin/godkendelser/${await pendingRevision(market.id)}`, { intent: "approve" })).status).toBe(303);

    const sunday = await site.database.db
      .selectFrom("market_occurrences")
      .select("local_date")
      .where("market_id", "=", market.id)
      .where("status", "=", "scheduled")
      .where("local_date", ">", todayInDenmark())
      .orderBy("local_date")
      .executeTakeFirstOrThrow();
    expect((await owner.client.post(`/manage-market/${market.id}`, { intent: "cancel-date", date: sunday.local_date, note: "" })).status).toBe(303);

    expect((await owner.client.post(`/gem/${unowned.id}`, { intent: "gem" })).status).toBe(303);
    expect(
      (await other.client.post(`/markeder/${unowned.slug}/ejerskab`, { intent: "claim", relation: "arrangoer", contact: "12 34 56 78", message: "Jeg er formand." })).status,
    ).toBe(303);
    const claim = await site.database.db.selectFrom("market_claims").select("id").where("market_id", "=", unowned.id).executeTakeFirstOrThrow();
    expect((await admin.client.post("/dashboard/market-claims", { intent: "approve", claim: claim.id })).status).toBe(303);

    const stored = (id: string) => site.database.db.selectFrom("markets").select(["name", "status", "owner_id"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(await stored(market.id)).toMatchObject({ name: "Loppemarked i Byparken Nord", status: "published" });
    made.slug = (await site.database.db.selectFrom("markets").select("slug").where("id", "=", market.id).executeTakeFirstOrThrow()).slug;
    expect(made.slug).not.toBe(market.slug);
    expect(await stored(made.sent)).toMatchObject({ name: STEPS["om-markedet"].name, owner_id: owner.account.id });
    expect((await stored(unowned.id)).owner_id).toBe(other.account.id);
    const cancelled = await site.database.db
      .selectFrom("market_occurrences")
      .select("status")
      .where("market_id", "=", market.id)
      .where("local_date", "=", sunday.local_date)
      .executeTakeFirstOrThrow();
    expect(cancelled.status).toBe("cancelled");
  });

  // Every route as three people, rendered in this one process beside the site: 18 s alone, over 30 s while the rest of
  // npm test shared the two cores, so more room than the suite's 30 s.
  test("every route that answers GET, as a visitor, the owner and an admin: never a server error, and the world's own pages open", { timeout: 180_000 }, async () => {
    expect(made.revision, "the first test made the world's draft and submission").not.toBe("");
    const article = allArticles()[0]!.slug;
    const post = allBlogPosts()[0]!.slug;
    // A real value where the pattern needs one to reach its page rather than a not-found answer.
    const REAL: Record<string, string> = {
      "/markeder/:slug": `/markeder/${made.slug}`,
      "/markeder/:slug/ejerskab": `/markeder/${unowned.slug}/ejerskab`,
      "/artikler/:slug": `/artikler/${article}`,
      "/blog/:slug": `/blog/${post}`,
      "/:landing": "/loppemarkeder-i-aarhus",
      "/dashboard/admin/godkendelser/:id": `/dashboard/admin/godkendelser/${made.revision}`,
      "/dashboard/mine-markeder/edit/:id": `/dashboard/mine-markeder/edit/${market.id}?trin=sted`,
      "/opret-marked/sendt/:id": `/opret-marked/sendt/${made.sent}`,
      "/opret-marked/:draftId": `/opret-marked/${made.draft}`,
      "/opret-marked/:draftId/:step": `/opret-marked/${made.draft}/sted`,
      "/manage-market/:id": `/manage-market/${market.id}`,
      "/manage-market/:id/forhaandsvisning": `/manage-market/${market.id}/forhaandsvisning`,
      "/api/markers": "/api/markers?s=54.5&w=8&n=57.8&e=15.2&z=7",
      // The owner's private feed of the markets they saved: its address is all it asks for.
      "/gemte-markeder/kalender/:file": savedFeedPath(await feedToken(site.database.db, owner.account.id)),
    };
    const paths = reactRouterRoutes()
      .filter((route) => route.methods.includes("GET") && !BY_DESIGN.has(route.pattern))
      .map((route) => REAL[route.pattern] ?? route.sample);
    expect(paths.length).toBeGreaterThan(50);

    const people: [string, Client][] = [
      ["visitor", site.client()],
      ["owner", owner.client],
      ["admin", admin.client],
    ];
    const answers = await Promise.all(
      people.map(async ([label, client]) => {
        const statuses: Record<string, number> = {};
        for (const path of paths) statuses[path] = (await client.get(path)).status;
        return [label, statuses] as const;
      }),
    );
    const statuses = Object.fromEntries(answers);
    const serverErrors = answers.flatMap(([label, byPath]) =>
      Object.entries(byPath)
        .filter(([, status]) => status >= 500)
        .map(([path, status]) => `${label} ${path}: ${status}`),
    );
    expect(serverErrors).toEqual([]);

    const pick = (...names: string[]) =>
      Object.fromEntries(names.map((name) => [name, { visitor: statuses.visitor![REAL[name]!], owner: statuses.owner![REAL[name]!], admin: statuses.admin![REAL[name]!] }]));
    const everyone = ["/markeder/:slug", "/artikler/:slug", "/blog/:slug", "/:landing", "/api/markers", "/gemte-markeder/kalender/:file"];
    expect(pick(...everyone)).toEqual(Object.fromEntries(everyone.map((name) => [name, { visitor: 200, owner: 200, admin: 200 }])));
    expect(pick("/manage-market/:id", "/dashboard/mine-markeder/edit/:id", "/opret-marked/:draftId/:step", "/opret-marked/sendt/:id", "/dashboard/admin/godkendelser/:id")).toEqual(
      {
        "/manage-market/:id": { visitor: 302, owner: 200, admin: 200 },
        "/dashboard/mine-markeder/edit/:id": { visitor: 302, owner: 200, admin: 200 },
        "/opret-marked/:draftId/:step": { visitor: 302, owner: 200, admin: 404 },
        "/opret-marked/sendt/:id": { visitor: 302, owner: 200, admin: 404 },
        "/dashboard/admin/godkendelser/:id": { visitor: 302, owner: 403, admin: 200 },
      },
    );
    // The lists read what the forms wrote.
    expect((await owner.client.get("/dashboard/gemte-markeder")).text).toContain(unowned.name);
    expect((await owner.client.get("/dashboard/mine-markeder")).text).toContain("Loppemarked i Byparken Nord");
    // The slug the market had before the approved edit renamed it leads to the new one.
    const renamed = await site.get(`/markeder/${market.slug}`);
    expect([renamed.status, renamed.location]).toEqual([301, `/markeder/${made.slug}`]);
    for (const path of ["/", "/register", "/kalender", "/markeder", "/dashboard", "/dashboard/mine-markeder", "/dashboard/gemte-markeder", "/dashboard/indstillinger"]) {
      expect(statuses.owner![path], path).toBe(200);
    }
    for (const path of ["/dashboard/admin", "/dashboard/admin/godkendelser", "/dashboard/admin/maalinger", "/dashboard/market-claims", "/dashboard/image-cleanup"]) {
      expect(statuses.admin![path], path).toBe(200);
    }
  });
});
