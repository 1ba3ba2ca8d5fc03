import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import type { PermissionHolder } from "../../app/auth/permissions";
import type { Database } from "../../app/lib/db/schema";
import translation from "../../app/locales/da/translation.json";
import { readStoredMarket, revisionsOf } from "../../app/revisions/revisions.server";
import { editMarket } from "../../app/revisions/send.server";
import { createTestMarket, createUser } from "../support/factories";
import { startSite, type Client, type Site } from "../support/site";

const { kind } = inject("testDatabase");
const changes = translation.admin.changes;
const PAGE = "/dashboard/admin/aendringer";

/**
 * The admins' recent changes at the level of requests, on both databases: the live edits of trusted
 * owners, newest first with their difference field by field, looked over or undone; the undo gives
 * back what the changed fields held, leaves later changes of other fields, and is logged. An admin's
 * own edits and edits that waited for review are not listed. Who may open it: access.test.ts.
 */
describe(`the admins' recent changes on ${kind}`, () => {
  let site: Site;
  let admin: Client;
  let db: Kysely<Database>;

  beforeAll(async () => {
    site = await startSite();
    admin = (await site.signedIn({ name: "Ane Admin", admin: true })).client;
    db = site.database.db;
  });

  afterAll(async () => {
    await site?.close();
  });

  /** An organizer's market, and a way to change it as they would (a trusted owner: the change is live). */
  async function organizersMarket(name: string) {
    const owner = await createUser(site.database, { name: `Ejer af ${name}`, role: "organizer" });
    const market = await createTestMarket(site.database, { name, description: "Hyggeligt loppemarked med kaffe og kage." }, { owner: owner.id });
    const holder: PermissionHolder = { id: owner.id, roles: ["visitor", "organizer"] };
    const change = async (fields: Record<string, unknown>) => {
      const stored = (await readStoredMarket(db, market.id))!;
      const outcome = await editMarket(db, holder, market.id, { ...stored.snapshot, ...fields });
      expect(outcome.outcome).toBe("applied");
      return (await revisionsOf(db, market.id))[0]!.id;
    };
    return { market, owner, change };
  }

  const itemsOf = (page: Awaited<ReturnType<Client["get"]>>) => page.html.all("ol[aria-label='Ændringerne'] > li").map((item) => item.querySelector("h2")?.textContent?.trim());

  test("lists live edits newest first with their difference; looking one over takes it out of the queue", async () => {
    const first = await organizersMarket("Loppemarked på Havnen");
    await first.change({ description: "Nu med salg af brugte cykler." });
    const second = await organizersMarket("Kræmmermarked i Skoven");
    const revision = await second.change({ stallPriceText: "150 kr. pr. stand" });

    const page = await admin.get(PAGE);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.html.h1s()).toEqual([changes.heading]);
    const listed = itemsOf(page);
    expect(listed.indexOf("Kræmmermarked i Skoven")).toBeLessThan(listed.indexOf("Loppemarked på Havnen"));
    expect(listed.indexOf("Kræmmermarked i Skoven")).toBeGreaterThanOrEqual(0);
    const text = page.html.text();
    expect(text).toContain("Hyggeligt loppemarked med kaffe og kage.");
    expect(text).toContain("Nu med salg af brugte cykler.");
    expect(text).toContain("150 kr. pr. stand");
    expect(text).toContain(`${changes.by} Ejer af Kræmmermarked i Skoven`);

    const { answer, page: after } = await admin.submit(PAGE, { intent: "looked-over", revision });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(PAGE);
    expect(after.html.toasts().map((toast) => toast.title)).toEqual([changes.toast.lookedOver]);
    expect(itemsOf(after)).not.toContain("Kræmmermarked i Skoven");
    const all = await admin.get(`${PAGE}?vis=alle`);
    expect(itemsOf(all)).toContain("Kræmmermarked i Skoven");
    expect(all.html.text()).toContain("Gennemset af Ane Admin");
    expect((await admin.submit(PAGE, { intent: "looked-over", revision })).page.html.toasts().map((toast) => toast.title)).toEqual([changes.toast.alreadyLookedOver]);

    const home = await admin.get("/dashboard/admin");
    expect(home.html.link(translation.admin.home.queues.recentChanges)).toBe(PAGE);
  });

  test("an undo gives the changed fields back, keeps later changes of others, is logged once, and shows on the market page", async () => {
    const { market, change } = await organizersMarket("Antikmarked i Laden");
    const turned = await change({ name: "Antikmarked i Laden", description: "Køb billige designertasker her, kontakt os på telefon.", website: "https://snyd.example" });
    await change({ phone: "12 34 56 78" });
    expect((await site.get(`/markeder/${market.slug}`)).html.text()).toContain("Køb billige designertasker her");

    const { answer, page } = await admin.submit(`${PAGE}?vis=alle`, { intent: "undo", revision: turned });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${PAGE}?vis=alle`);
    expect(page.html.toasts().map((toast) => toast.title)).toEqual([changes.toast.undone.replace("{{name}}", "Antikmarked i Laden")]);

    const stored = (await readStoredMarket(db, market.id))!;
    expect(stored.snapshot.description).toBe("Hyggeligt loppemarked med kaffe og kage.");
    expect(stored.snapshot.website ?? null).toBeNull();
    expect(stored.snapshot.phone).toBe("12 34 56 78");
    const shown = (await site.get(`/markeder/${market.slug}`)).html.text();
    expect(shown).not.toContain("Køb billige designertasker her");
    expect(shown).toContain("Hyggeligt loppemarked med kaffe og kage.");

    const again = await admin.submit(PAGE, { intent: "undo", revision: turned });
    expect(again.page.html.toasts().map((toast) => toast.title)).toEqual([changes.toast.alreadyUndone]);
    const logged = await db.selectFrom("admin_log").selectAll().where("kind", "=", "revision.undo").where("target_id", "=", market.id).execute();
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!.after!)).toMatchObject({ undid: turned, fields: ["description", "website"] });
    const undone = (await revisionsOf(db, market.id)).find((revision) => revision.kind === "restore");
    expect(undone).toMatchObject({ restoredFrom: turned, state: "applied" });
    expect((await admin.get(`${PAGE}?vis=alle`)).html.text()).toContain(changes.undone);
  });

  test("an admin's own edits and edits that waited for review are not listed; bad input is answered, not failed", async () => {
    const market = await createTestMarket(site.database, { name: "Adminrettet Marked" });
    const adminHolder: PermissionHolder = { id: (await createUser(site.database, { admin: true })).id, roles: ["visitor", "admin"] };
    const stored = (await readStoredMarket(db, market.id))!;
    expect((await editMarket(db, adminHolder, market.id, { ...stored.snapshot, description: "Rettet af en administrator." })).outcome).toBe("applied");
    const newcomer = await createUser(site.database, { name: "Ny Ejer" });
    const waiting = await createTestMarket(site.database, { name: "Ventende Ændring" }, { owner: newcomer.id });
    const current = (await readStoredMarket(db, waiting.id))!;
    expect((await editMarket(db, { id: newcomer.id, roles: ["visitor"] }, waiting.id, { ...current.snapshot, description: "Venter på godkendelse." })).outcome).toBe("pending");

    const listed = itemsOf(await admin.get(`${PAGE}?vis=alle`));
    expect(listed).not.toContain("Adminrettet Marked");
    expect(listed).not.toContain("Ventende Ændring");

    const pending = (await revisionsOf(db, waiting.id)).find((revision) => revision.state === "pending")!;
    expect((await admin.post(PAGE, { intent: "undo", revision: pending.id })).status).toBe(404);
    expect((await admin.post(PAGE, { intent: "undo", revision: "ikke-et-id" })).status).toBe(404);
    expect((await admin.post(PAGE, { intent: "slet-alt", revision: pending.id })).status).toBe(400);
    expect((await admin.get(`${PAGE}?vis=nogle`)).status).toBe(404);
    expect((await admin.get(`${PAGE}?side=99`)).status).toBe(404);
  });

  test("counting stops past a thousand: the count says so, and the pages reach the newest thousand", async () => {
    const { market, change } = await organizersMarket("Meget Rettet Marked");
    const template = await db
      .selectFrom("market_revisions")
      .selectAll()
      .where("id", "=", await change({ phone: "11 11 11 11" }))
      .executeTakeFirstOrThrow();
    await db
      .insertInto("market_revisions")
      .values(Array.from({ length: 1000 }, (_, i) => ({ ...template, id: randomUUID(), market_id: market.id, created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() })))
      .execute();
    const page = await admin.get(PAGE);
    expect(page.html.statuses()).toContain(changes.countNew.replace("{{count}}", changes.countMore.replace("{{count}}", "1.000")));
    expect((await admin.get(`${PAGE}?side=50`)).status).toBe(200);
    expect((await admin.get(`${PAGE}?side=51`)).status).toBe(404);
    const home = await admin.get("/dashboard/admin");
    expect(home.html.region(translation.admin.home.queues.heading).text()).toContain("1.000+");
  });
});
