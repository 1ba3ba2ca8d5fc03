import { randomUUID } from "node:crypto";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import type { PermissionHolder } from "../../app/auth/permissions";
import { addDays, todayInDenmark } from "../../app/lib/dates";
import translation from "../../app/locales/da/translation.json";
import { readStoredMarket, revisionsOf } from "../../app/revisions/revisions.server";
import { approveRevision, rejectRevision } from "../../app/revisions/decisions.server";
import { editMarket, submitMarket } from "../../app/revisions/send.server";
import { snapshotOf } from "../../app/revisions/snapshot";
import { rolesOf } from "../../app/auth/roles";
import { createTestMarket, marketInput, type TestAccount, type TestMarket } from "../support/factories";
import { startSite, type Client, type Site } from "../support/site";

/**
 * The owner's pages at the level of requests (/dashboard/mine-markeder and /manage-market/{id}):
 * who may open them and post to them, what each post writes and answers, and that a cancelled
 * date reaches the public market page and its calendar file even when the page cache held them.
 * In the browser (axe, phones): tests/e2e/owner-pages.test.ts.
 */

const texts = translation.organiser;
const { kind } = inject("testDatabase");

let site: Site;
let owner: { account: TestAccount; client: Client };
let organizer: { account: TestAccount; client: Client };
let other: { account: TestAccount; client: Client };
let admin: { account: TestAccount; client: Client };
let market: TestMarket;
let trusted: TestMarket;

/** Sundays at 10–15 from January 2025, as the factory makes them. */
const RULE = [{ kind: "rule", startDate: "2025-01-05", rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "10:00", endTime: "15:00" }];

beforeAll(async () => {
  // The page cache on, as in production: a cancelled date must not hide behind a cached page.
  site = await startSite({ env: { PAGE_CACHE_MB: "8" } });
  [owner, organizer, other, admin] = await Promise.all([
    site.signedIn({ name: "Olga Ejer" }),
    site.signedIn({ name: "Ole Arrangør", role: "organizer" }),
    site.signedIn({ name: "Nora Nabo" }),
    site.signedIn({ name: "Anna Admin", admin: true }),
  ]);
  [market, trusted] = await Promise.all([
    createTestMarket(site.database, { name: "Olgas Søndagsmarked", schedules: RULE }, { owner: owner.account.id }),
    createTestMarket(site.database, { name: "Oles Kræmmermarked", schedules: RULE }, { owner: organizer.account.id }),
  ]);
});

afterAll(async () => {
  await site?.close();
});

/** The market's coming dates as the database holds them, cancelled ones too. */
async function comingDates(marketId: string) {
  return site.database.db
    .selectFrom("market_occurrences")
    .select(["local_date", "status", "note", "start_time"])
    .where("market_id", "=", marketId)
    .where("local_date", ">=", todayInDenmark())
    .orderBy("local_date")
    .execute();
}

function manage(id: string): string {
  return `/manage-market/${id}`;
}

const anonymous = { headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36" } };

/** The instants of the calendar file's events from today on, as a calendar program reads them (EXDATE and STATUS included). */
function calendarInstances(ics: string): { date: string; cancelled: boolean }[] {
  const calendar = ICAL.Component.fromString(ics);
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const today = todayInDenmark();
  const horizon = addDays(today, 120);
  const out: { date: string; cancelled: boolean }[] = [];
  for (const component of calendar.getAllSubcomponents("vevent")) {
    const event = new ICAL.Event(component);
    const cancelled = component.getFirstPropertyValue("status") === "CANCELLED";
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const date = next.toString().slice(0, 10);
      if (date > horizon) break;
      if (date >= today) out.push({ date, cancelled });
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

describe(`who may open and post to /manage-market/{id} on ${kind}`, () => {
  const ACTIONS: [string, Record<string, string>][] = [
    ["cancel-date", { intent: "cancel-date", date: "2030-01-06", note: "" }],
    ["restore-date", { intent: "restore-date", date: "2030-01-06" }],
    ["add-date", { intent: "add-date", date: "2030-01-08", startTime: "10:00", endTime: "14:00" }],
    ["archive", { intent: "archive" }],
    ["restore", { intent: "restore", revisionId: randomUUID() }],
  ];

  test("the page: a visitor signs in first, a bad or unknown id is not found, someone else's market is refused", async () => {
    for (const path of [manage(market.id), manage("ikke-et-id"), manage(randomUUID())]) {
      const visitor = await site.get(`${path}?fane=2`);
      expect(visitor.status, path).toBe(302);
      expect(visitor.location).toBe(`/sign-in?next=${encodeURIComponent(`${path}?fane=2`)}`);
    }
    expect((await other.client.get(manage("ikke-et-id"))).status).toBe(404);
    expect((await other.client.get(manage(randomUUID()))).status).toBe(404);
    const refused = await other.client.get(manage(market.id));
    expect(refused.status).toBe(403);
    expect(refused.html.h1s()).toEqual([translation.errors.unauthorized.heading]);
    expect(refused.text).not.toContain(market.name);
    for (const client of [owner.client, admin.client]) {
      const page = await client.get(manage(market.id));
      expect(page.status).toBe(200);
      expect(page.html.h1s()).toEqual([market.name]);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      expect(page.html.one("title")?.text).toContain(texts.manage.title.replace("{{name}}", market.name));
    }
  });

  test.each(ACTIONS)("the action %s posted directly: 302 for a visitor, 404 for a bad id, 403 for someone else, and nothing written", async (_, body) => {
    const before = await revisionsOf(site.database.db, market.id);
    const visitor = await site.post(manage(market.id), body);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe(`/sign-in?next=${encodeURIComponent(manage(market.id))}`);
    expect((await other.client.post(manage("ikke-et-id"), body)).status).toBe(404);
    expect((await other.client.post(manage(randomUUID()), body)).status).toBe(404);
    expect((await other.client.post(manage(market.id), body)).status).toBe(403);
    expect(await revisionsOf(site.database.db, market.id)).toEqual(before);
  });

  test("restoring a version is for admins: the owner is refused, and the button is not on their page", async () => {
    const answer = await organizer.client.post(manage(trusted.id), { intent: "restore", revisionId: randomUUID() });
    expect(answer.status).toBe(403);
    expect((await organizer.client.get(manage(trusted.id))).html.buttons()).not.toContain(texts.manage.restore.submit);
  });

  test("a post that is none of the page's forms is told so, not a server error", async () => {
    const answer = await owner.client.post(manage(market.id), { intent: "noget-andet" });
    expect(answer.status).toBe(400);
    expect(answer.html.alerts()).toContain(texts.manage.errors.unknown);
  });
});

describe(`/dashboard/mine-markeder on ${kind}`, () => {
  async function addDraft(ownerId: string, fields: Record<string, unknown>, step = "sted"): Promise<string> {
    const id = randomUUID();
    const now = new Date().toISOString();
    await site.database.db
      .insertInto("market_drafts")
      .values({ id, owner_id: ownerId, step, fields: JSON.stringify(fields), created_at: now, updated_at: now })
      .execute();
    return id;
  }

  const draftIds = async (ownerId: string) =>
    (await site.database.db.selectFrom("market_drafts").select("id").where("owner_id", "=", ownerId).execute()).map((row) => row.id).sort();

  test("lists the person's markets with status, next date, views and links, and their drafts", async () => {
    const draft = await addDraft(owner.account.id, { name: "Julemarked i Laden" });
    const untitled = await addDraft(owner.account.id, {}, "datoer-og-tider");
    const page = await owner.client.get("/dashboard/mine-markeder");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.html.h1s()).toEqual([texts.mine.heading]);

    const markets = page.html.region(texts.mine.marketsHeading);
    expect(markets.all("h3").map((heading) => heading.text)).toEqual([market.name]);
    expect(markets.text()).toContain(texts.mine.status.published);
    expect(markets.text()).toContain(texts.mine.nextDate);
    expect(markets.text()).toMatch(/søn\. \d+\. \w+\.? \d{4} kl\. 10–15/);
    expect(markets.text()).toContain("0 visninger de sidste 30 dage");
    const hrefs = markets.all("a").map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual([`/markeder/${market.slug}`, manage(market.id), `/dashboard/mine-markeder/edit/${market.id}?tilbage=%2Fdashboard%2Fmine-markeder`]);

    const drafts = page.html.region(texts.mine.draftsHeading);
    expect(
      drafts
        .all("h3")
        .map((heading) => heading.text)
        .sort(),
    ).toEqual([texts.mine.draft.untitled, "Julemarked i Laden"].sort());
    expect(
      drafts
        .all("a")
        .map((link) => link.getAttribute("href"))
        .sort(),
    ).toEqual([`/opret-marked/${draft}`, `/opret-marked/${untitled}`].sort());
    expect(drafts.text()).toContain(`Nåede til: ${texts.form.steps.place.title}`);

    // Someone else sees none of it: their own page is empty, and leads to /opret-marked.
    const empty = await other.client.get("/dashboard/mine-markeder");
    expect(empty.text).not.toContain(market.name);
    expect(empty.text).not.toContain("Julemarked i Laden");
    expect(empty.html.text("h2")).toBe(texts.mine.empty.heading);
    expect(empty.html.link(texts.mine.empty.action)).toBe("/opret-marked");
  });

  test("Slet kladde deletes the person's own draft with a toast; someone else's id leaves theirs alone", async () => {
    const mine = await addDraft(owner.account.id, { name: "Smides ud" });
    const theirs = await addDraft(other.account.id, { name: "Naboens" });
    const ownersBefore = await draftIds(owner.account.id);

    const refused = await owner.client.post("/dashboard/mine-markeder", { intent: "delete-draft", draftId: theirs });
    expect(refused.status).toBe(303);
    expect(refused.flash).toMatchObject({ title: texts.mine.draft.missing, variant: "warning" });
    expect(await draftIds(other.account.id)).toContain(theirs);
    expect(await draftIds(owner.account.id)).toEqual(ownersBefore);

    const visitor = await site.post("/dashboard/mine-markeder", { intent: "delete-draft", draftId: mine });
    expect(visitor.status).toBe(302);
    expect(await draftIds(owner.account.id)).toContain(mine);

    const { answer, page } = await owner.client.submit("/dashboard/mine-markeder", { intent: "delete-draft", draftId: mine });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/dashboard/mine-markeder");
    expect(page.html.toasts()).toEqual([{ title: texts.mine.draft.deleted, description: null }]);
    expect(await draftIds(owner.account.id)).toEqual(ownersBefore.filter((id) => id !== mine));
    expect(page.text).not.toContain("Smides ud");

    expect((await owner.client.post("/dashboard/mine-markeder", { intent: "delete-draft", draftId: "ikke-et-id" })).flash?.title).toBe(texts.mine.draft.missing);
    expect((await owner.client.post("/dashboard/mine-markeder", { intent: "noget" })).status).toBe(400);
  });
});

describe(`the owner's preview of their market on ${kind}`, () => {
  test("a market waiting for review: the control panel links its page as it will be, shown to its owner and the admins only", async () => {
    const sender: PermissionHolder = { id: owner.account.id, roles: rolesOf({ isAdmin: false, role: "visitor" }) };
    const sent = await submitMarket(site.database.db, sender, snapshotOf(await marketInput({ name: "Olgas Ventende Marked", schedules: RULE })));
    expect(sent.status).toBe("pending");
    const preview = `${manage(sent.id)}/forhaandsvisning`;

    const panel = await owner.client.get(manage(sent.id));
    expect(panel.html.link(texts.manage.public.preview)).toBe(preview);
    // The public cannot open it yet.
    expect((await site.get(`/markeder/${sent.slug}`, anonymous)).status).toBe(404);

    for (const client of [owner.client, admin.client]) {
      const page = await client.get(preview);
      expect(page.status).toBe(200);
      expect(page.html.h1s()).toEqual([texts.preview.heading.replace("{{name}}", "Olgas Ventende Marked")]);
      expect(page.html.text()).toContain(texts.preview.waitingSubmission);
      expect(page.headers.get("cache-control")).toContain("no-store");
    }
    expect((await other.client.get(preview)).status).toBe(403);
    expect((await site.get(preview)).status).toBe(302);
    // A published market with nothing waiting has its public page, and no preview link.
    const live = await createTestMarket(site.database, { name: "Olgas Åbne Marked", schedules: RULE }, { owner: owner.account.id });
    const livePanel = await owner.client.get(manage(live.id));
    expect(livePanel.html.link(texts.manage.public.viewPage)).toBe(`/markeder/${live.slug}`);
    expect(livePanel.html.source).not.toContain(`${manage(live.id)}/forhaandsvisning`);
  });
});

describe(`cancelling and adding dates on ${kind}`, () => {
  test("a cancelled date shows on the market page and in its .ics, also when both were cached before; a newcomer's reason waits for review", async () => {
    const [first] = (await comingDates(market.id)).filter((row) => row.status === "scheduled");
    const page = `/markeder/${market.slug}`;
    // Warm the page cache as an anonymous visitor: the second answer comes from memory.
    for (const path of [page, `${page}.ics`]) {
      await site.get(path, anonymous);
      expect((await site.get(path, anonymous)).headers.get("x-page-cache"), path).toBe("hit");
    }
    expect(calendarInstances((await site.get(`${page}.ics`, anonymous)).text).map((instance) => instance.date)).toContain(first!.local_date);

    const { answer, page: managePage } = await owner.client.submit(manage(market.id), { intent: "cancel-date", date: first!.local_date, note: "Storm" });
    expect(answer.status).toBe(303);
    // Back at the date's own row, not at the top of the page.
    expect(answer.location).toBe(`${manage(market.id)}#dato-${first!.local_date}`);
    expect(managePage.html.byId(`dato-${first!.local_date}`)).not.toBeNull();
    expect(managePage.html.toasts()[0]!.title).toBe(texts.manage.cancel.done);
    // The owner's edits wait for review, and so does the reason, free text like the rest (decision 0027).
    expect(managePage.html.toasts()[0]!.description).toContain(texts.manage.cancel.noteWaits.split("{{date}}")[1]!);
    expect((await comingDates(market.id))[0]).toMatchObject({ local_date: first!.local_date, status: "cancelled", note: null });

    const publicPage = await site.get(page, anonymous);
    expect(publicPage.headers.get("x-page-cache")).not.toBe("hit");
    expect(publicPage.html.text()).toContain(translation.market.cancelled);
    expect(publicPage.html.text()).not.toContain("Storm");
    const ics = await site.get(`${page}.ics`, anonymous);
    expect(ics.headers.get("x-page-cache")).not.toBe("hit");
    // A calendar program leaves the cancelled Sunday out of the series (EXDATE) and keeps the next one.
    const instances = calendarInstances(ics.text);
    expect(instances.map((instance) => instance.date)).not.toContain(first!.local_date);
    expect(instances.map((instance) => instance.date)).toContain(addDays(first!.local_date, 7));
    expect(ics.text).toMatch(new RegExp(`EXDATE;TZID=Europe/Copenhagen:${first!.local_date.replace(/-/g, "")}T100000`));
  });

  test("a trusted organiser cancels a date from the list of their markets: the link names the market, and the date says Aflyst with the reason, on the market page too", async () => {
    const market = await createTestMarket(site.database, { name: "Oles Regnvejrsmarked", schedules: RULE }, { owner: organizer.account.id });
    const mine = await organizer.client.get("/dashboard/mine-markeder");
    // "Administrér" and, to a screen reader, which market.
    expect(mine.html.link(`${texts.mine.links.manage}: ${market.name}`)).toBe(manage(market.id));
    const [first] = await comingDates(market.id);

    const { answer, page } = await organizer.client.submit(manage(market.id), { intent: "cancel-date", date: first!.local_date, note: "Regnvejr" });
    expect(answer.status).toBe(303);
    expect(page.html.toasts()[0]!.title).toBe(texts.manage.cancel.done);
    expect(page.html.region(texts.manage.dates.heading).text("li")).toContain(`${texts.manage.dates.cancelled}: Regnvejr`);

    const publicPage = await site.get(`/markeder/${market.slug}`, anonymous);
    const dates = publicPage.html.all("li").map((item) => item.text.replace(/\s+/g, " ").trim());
    expect(dates.find((text) => text.includes(`${translation.market.cancelled}: Regnvejr`))).toBeDefined();
    expect(dates.filter((text) => text.includes(translation.market.cancelled))).toHaveLength(1);
  });

  test("a date cancelled by mistake opens again, on the market page and in the history, with its reason gone", async () => {
    const market = await createTestMarket(site.database, { name: "Fortrydelsesmarkedet", schedules: RULE }, { owner: organizer.account.id });
    const [first] = await comingDates(market.id);
    const date = first!.local_date;
    await organizer.client.post(manage(market.id), { intent: "cancel-date", date, note: "Fejl" });
    expect((await comingDates(market.id))[0]).toMatchObject({ local_date: date, status: "cancelled" });
    const publicPage = `/markeder/${market.slug}`;
    expect((await site.get(publicPage, anonymous)).html.text()).toContain(`${translation.market.cancelled}: Fejl`);

    const { answer, page } = await organizer.client.submit(manage(market.id), { intent: "restore-date", date });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${manage(market.id)}#dato-${date}`);
    expect(page.html.toasts()[0]!.title).toBe(texts.manage.restoreDate.done);
    expect((await comingDates(market.id))[0]).toMatchObject({ local_date: date, status: "scheduled", note: null });
    expect((await site.get(publicPage, anonymous)).html.text()).not.toContain(translation.market.cancelled);
    expect(page.html.region(texts.manage.history.heading).text()).toContain(texts.manage.history.kinds.restore_date);

    // A date that is not cancelled (any more) is told at the list, and nothing changes.
    const again = await organizer.client.post(manage(market.id), { intent: "restore-date", date });
    expect(again.status).toBe(400);
    expect(again.html.text()).toContain(texts.manage.restoreDate.notCancelled);
    const bad = await organizer.client.post(manage(market.id), { intent: "restore-date", date: "i går" });
    expect(bad.status).toBe(400);
  });

  test("an extra date goes live for a trusted organiser; cancelled, it is a CANCELLED event in the .ics", async () => {
    const sundays = (await comingDates(trusted.id)).map((row) => row.local_date);
    const extra = addDays(sundays[1]!, 3); // a Wednesday between two Sundays
    const { answer, page } = await organizer.client.submit(manage(trusted.id), { intent: "add-date", date: extra, startTime: "17:00", endTime: "21:00" });
    expect(answer.status).toBe(303);
    expect(page.html.toasts()[0]!.title).toBe(texts.manage.extraDate.applied);
    expect((await comingDates(trusted.id)).find((row) => row.local_date === extra)).toMatchObject({ status: "scheduled", start_time: "17:00" });
    expect((await site.get(`/markeder/${trusted.slug}`, anonymous)).text).toContain("kl. 17–21");

    await organizer.client.post(manage(trusted.id), { intent: "cancel-date", date: extra, note: "" });
    const instances = calendarInstances((await site.get(`/markeder/${trusted.slug}.ics`, anonymous)).text);
    expect(instances.find((instance) => instance.date === extra)).toEqual({ date: extra, cancelled: true });
    expect(instances.find((instance) => instance.date === sundays[2])).toEqual({ date: sundays[2], cancelled: false });
  });

  test("an extra date from an owner who is not trusted waits for review, and the toast says so", async () => {
    const sundays = (await comingDates(market.id)).map((row) => row.local_date);
    const extra = addDays(sundays[2]!, 2); // a Tuesday
    const { answer, page } = await owner.client.submit(manage(market.id), { intent: "add-date", date: extra, startTime: "09:00", endTime: "13:00" });
    expect(answer.status).toBe(303);
    expect(page.html.toasts()[0]).toMatchObject({ title: texts.manage.extraDate.pending });
    expect((await comingDates(market.id)).some((row) => row.local_date === extra)).toBe(false);
    expect(page.html.region(texts.manage.public.heading).text()).toContain(texts.manage.public.pendingEdit);
    expect((await owner.client.get("/dashboard/mine-markeder")).text).toContain(texts.mine.pendingEdit);
  });

  test("what cannot be used is told at its field, with what was typed kept, never a server error", async () => {
    const extraForm = async (fields: Record<string, string>) => {
      const answer = await owner.client.post(manage(market.id), { intent: "add-date", ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      return answer.html;
    };
    let html = await extraForm({ date: "2026-02-30", startTime: "10:00", endTime: "14:00" });
    expect(html.fieldMessage(html.field(texts.manage.extraDate.dateLabel))).toBe(translation.forms.date.invalid);
    expect(html.value(html.field(texts.manage.extraDate.dateLabel))).toBe("2026-02-30");
    expect(html.value(html.field(texts.manage.extraDate.startLabel))).toBe("10:00");
    html = await extraForm({ date: addDays(todayInDenmark(), 3), startTime: "14:00", endTime: "10:00" });
    expect(html.fieldMessage(html.field(texts.manage.extraDate.endLabel))).toBe(texts.manage.extraDate.endBeforeStart);
    html = await extraForm({ date: addDays(todayInDenmark(), -1), startTime: "10:00", endTime: "14:00" });
    expect(html.fieldMessage(html.field(texts.manage.extraDate.dateLabel))).toBe(texts.manage.extraDate.past);
    const sunday = (await comingDates(market.id)).find((row) => row.status === "scheduled")!.local_date;
    html = await extraForm({ date: sunday, startTime: "10:00", endTime: "14:00" });
    expect(html.fieldMessage(html.field(texts.manage.extraDate.dateLabel))).toBe(texts.manage.extraDate.taken);
    html = await extraForm({ date: "", startTime: "kl ti", endTime: "" });
    expect(html.fieldMessage(html.field(texts.manage.extraDate.dateLabel))).toBe(texts.manage.extraDate.dateRequired);
    expect(html.fieldMessage(html.field(texts.manage.extraDate.startLabel))).toBe(texts.manage.extraDate.timeInvalid);

    // A day the market is not open: nothing to cancel, said above the list of dates.
    const monday = addDays(sunday, 1);
    const noOpening = await owner.client.post(manage(market.id), { intent: "cancel-date", date: monday, note: "" });
    expect(noOpening.status).toBe(400);
    expect(noOpening.html.region(texts.manage.dates.heading).alerts()).toEqual([texts.manage.cancel.noSuchDate]);
    const badDate = await owner.client.post(manage(market.id), { intent: "cancel-date", date: "i morgen" });
    expect(badDate.status).toBe(400);
    expect(badDate.html.alerts()).toEqual([translation.forms.date.invalid]);
    // A reason too long is told at that date's own field, the text kept and its form open.
    const long = Array(70).fill("Regn").join(" ");
    const tooLong = await owner.client.post(manage(market.id), { intent: "cancel-date", date: sunday, note: long });
    expect(tooLong.status).toBe(400);
    const note = tooLong.html.byId(`aflys-${sunday}-note`)!;
    expect(tooLong.html.fieldMessage(note)).toBe(texts.manage.cancel.noteTooLong.replace("{{max}}", "300"));
    expect(tooLong.html.value(note)).toBe(long);
    expect(note.closest("details")?.hasAttribute("open")).toBe(true);
    expect((await comingDates(market.id)).find((row) => row.local_date === sunday)?.status).toBe("scheduled");
  });
});

describe(`the history of /manage-market/{id} on ${kind}`, () => {
  test("shows each edit field by field, before and after, and names the admin who approved or rejected it", async () => {
    const db = site.database.db;
    const told = await createTestMarket(site.database, { name: "Historiemarkedet", description: "Boder i gården.", schedules: RULE }, { owner: owner.account.id });
    const ownerHolder: PermissionHolder = { id: owner.account.id, roles: ["visitor"] };
    const adminHolder: PermissionHolder = { id: admin.account.id, roles: ["visitor", "admin"] };
    const stored = (await readStoredMarket(db, told.id))!.snapshot;
    // The owner is not trusted yet, so their edit waits and is approved; someone else's is rejected.
    expect((await editMarket(db, ownerHolder, told.id, { ...stored, description: "Boder i gården og kaffe i laden." })).outcome).toBe("pending");
    await approveRevision(db, adminHolder, (await revisionsOf(db, told.id))[0]!.id);
    const approved = (await readStoredMarket(db, told.id))!.snapshot;
    expect((await editMarket(db, { id: other.account.id, roles: ["visitor"] as const }, told.id, { ...approved, phone: "11 22 33 44" })).outcome).toBe("pending");
    await rejectRevision(db, adminHolder, (await revisionsOf(db, told.id))[0]!.id, "Forkert nummer.");

    const history = (await owner.client.get(manage(told.id))).html.region(texts.manage.history.heading);
    const [rejected, edit] = history.all("ol > li");
    expect(rejected!.textContent).toContain(texts.manage.history.rejectedBy.replace("{{name}}", "Anna Admin"));
    expect(rejected!.textContent).toContain(translation.admin.review.fields.phone);
    expect(rejected!.textContent).toContain("11 22 33 44");
    expect(edit!.textContent).toContain(texts.manage.history.approvedBy.replace("{{name}}", "Anna Admin"));
    const description = [...edit!.querySelectorAll("li")].find((field) => field.querySelector("h3")?.textContent === translation.admin.review.fields.description)!;
    expect([...description.querySelectorAll("dd")].map((value) => value.textContent)).toEqual(["Boder i gården.", "Boder i gården og kaffe i laden."]);
  });
});

describe(`closing a market and restoring a version on ${kind}`, () => {
  test("Markedet er lukket asks first (a page of its own), then archives; the public page says it is closed", async () => {
    const closing = await createTestMarket(site.database, { name: "Lukkemarkedet", schedules: RULE }, { owner: owner.account.id });
    const start = await owner.client.get(manage(closing.id));
    expect(start.html.link(texts.manage.archive.start)).toBe(`${manage(closing.id)}?luk=ja#luk`);
    expect(start.html.buttons()).not.toContain(texts.manage.archive.submit);
    const confirm = await owner.client.get(`${manage(closing.id)}?luk=ja`);
    expect(confirm.html.text()).toContain(texts.manage.archive.confirm);
    expect(confirm.html.buttons()).toContain(texts.manage.archive.submit);

    const { answer, page } = await owner.client.submit(manage(closing.id), { intent: "archive" });
    expect(answer.status).toBe(303);
    expect(page.html.toasts()[0]!.title).toBe(texts.manage.archive.done);
    expect(page.html.region(texts.manage.public.heading).text()).toContain(texts.mine.status.archived);
    expect(page.html.link(texts.manage.archive.start)).toBeNull();
    expect((await site.get(`/markeder/${closing.slug}`, anonymous)).text).toContain(translation.market.closedNote);
    expect((await owner.client.post(manage(closing.id), { intent: "archive" })).flash?.title).toBe(texts.manage.archive.already);
  });

  test("a closed market's dates are not changed by a post the page no longer offers; it is told, not a server error", async () => {
    const closed = await createTestMarket(site.database, { name: "Lukket Datomarked", schedules: RULE }, { owner: organizer.account.id });
    const sunday = (await comingDates(closed.id))[0]!.local_date;
    expect((await organizer.client.post(manage(closed.id), { intent: "archive" })).status).toBe(303);
    const before = await comingDates(closed.id);
    const posts = [
      await organizer.client.post(manage(closed.id), { intent: "cancel-date", date: sunday, note: "" }),
      await admin.client.post(manage(closed.id), { intent: "add-date", date: addDays(sunday, 2), startTime: "10:00", endTime: "14:00" }),
    ];
    expect(posts.map((answer) => [answer.status, answer.flash?.title])).toEqual([
      [303, texts.manage.archive.noDates],
      [303, texts.manage.archive.noDates],
    ]);
    expect(await comingDates(closed.id)).toEqual(before);
  });

  test("an admin restores an earlier version; the history names who did what", async () => {
    const restoring = await createTestMarket(site.database, { name: "Gendannelsesmarked", schedules: RULE }, { owner: organizer.account.id });
    const sunday = (await comingDates(restoring.id))[0]!.local_date;
    await organizer.client.post(manage(restoring.id), { intent: "cancel-date", date: sunday, note: "Ferie" });
    const [cancellation] = await revisionsOf(site.database.db, restoring.id);
    // The version before the cancellation is the market as it was first made; the cancellation's is the current one.
    const adminPage = await admin.client.get(manage(restoring.id));
    const history = adminPage.html.region(texts.manage.history.heading);
    expect(history.text()).toContain(`${texts.manage.history.kinds.cancel_date}`);
    expect(history.text()).toContain("af Ole Arrangør");
    expect(history.buttons()).toEqual([]);

    const addedDay = addDays(sunday, 3);
    await organizer.client.post(manage(restoring.id), { intent: "add-date", date: addedDay, startTime: "10:00", endTime: "12:00" });
    const withButton = (await admin.client.get(manage(restoring.id))).html.region(texts.manage.history.heading);
    expect(withButton.buttons()).toEqual([texts.manage.restore.submit]);

    const { answer, page } = await admin.client.submit(manage(restoring.id), { intent: "restore", revisionId: cancellation!.id });
    expect(answer.status).toBe(303);
    expect(page.html.toasts()[0]!.title).toBe(texts.manage.restore.done);
    expect((await comingDates(restoring.id)).some((row) => row.local_date === addedDay)).toBe(false);
    expect((await revisionsOf(site.database.db, restoring.id))[0]).toMatchObject({ kind: "restore", restoredFrom: cancellation!.id, authorId: admin.account.id });
    // A revision of another market is not this page's to restore.
    const [othersRevision] = await revisionsOf(site.database.db, trusted.id);
    expect((await admin.client.post(manage(restoring.id), { intent: "restore", revisionId: othersRevision!.id })).status).toBe(404);
  });
});
