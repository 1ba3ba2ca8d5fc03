import { randomUUID } from "node:crypto";
import { utimes } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createDiskStorage, type Storage } from "../../app/lib/storage/index.server";
import translation from "../../app/locales/da/translation.json";
import { createTestMarket, type TestAccount } from "../support/factories";
import { startSite, type Client, type Site } from "../support/site";

const { kind } = inject("testDatabase");
const texts = translation.imageCleanup;
const PAGE = "/dashboard/image-cleanup";
const DAY = 24 * 60 * 60 * 1000;

/**
 * /dashboard/image-cleanup at the level of requests, as a browser without JavaScript meets it: who
 * may open it and post to it, the list, and what each removal answers and does. Which files are
 * orphans, on both stores: image-cleanup.test.ts.
 */
describe(`the image cleanup page on ${kind}`, () => {
  let site: Site;
  let store: Storage;
  let admin: { account: TestAccount; client: Client };
  let member: { account: TestAccount; client: Client };
  let marketId: string;

  beforeAll(async () => {
    site = await startSite();
    store = createDiskStorage(site.storageDir);
    [admin, member] = await Promise.all([site.signedIn({ name: "Anders Admin", admin: true }), site.signedIn({ name: "Mette Medlem" })]);
    marketId = (await createTestMarket(site.database, { name: "Loppemarked med et billede" })).id;
    await site.database.db
      .insertInto("market_images")
      .values({
        id: randomUUID(),
        market_id: marketId,
        storage_key: `markets/${marketId}/brugt`,
        width: 800,
        height: 600,
        alt: "Boder",
        position: 0,
        widths: "[400]",
        created_at: new Date().toISOString(),
      })
      .execute();
  });

  afterAll(async () => {
    await site?.close();
  });

  async function put(key: string, bytes: number, daysOld: number | null = 3) {
    await store.put(key, new Uint8Array(bytes), "image/webp");
    if (daysOld !== null) {
      const when = new Date(Date.now() - daysOld * DAY);
      await utimes(path.join(site.storageDir, ...key.split("/")), when, when);
    }
  }

  const exists = async (key: string) => (await store.listFiles(key)).some((file) => file.key === key);

  test("a visitor is sent to sign in and a member gets 403, on the page and on each post; nothing is removed", async () => {
    await put("guard/forladt-400.webp", 100);
    const posts: Record<string, string>[] = [{ intent: "remove", key: "guard/forladt-400.webp" }, { intent: "remove-all" }];
    const asVisitor = await site.get(PAGE);
    expect(asVisitor.status).toBe(302);
    expect(asVisitor.location).toBe(`/sign-in?next=${encodeURIComponent(PAGE)}`);
    expect((await member.client.get(PAGE)).status).toBe(403);
    expect((await member.client.get(`${PAGE}?slet-alle=ja`)).status).toBe(403);
    for (const body of posts) {
      const visitorPost = await site.post(PAGE, body);
      expect(visitorPost.status, body.intent).toBe(302);
      expect(visitorPost.location, body.intent).toBe(`/sign-in?next=${encodeURIComponent(PAGE)}`);
      expect((await member.client.post(PAGE, body)).status, body.intent).toBe(403);
    }
    expect(await exists("guard/forladt-400.webp")).toBe(true);
    await store.delete("guard/forladt-400.webp");
  });

  test("an admin sees the orphans with size, age and a lazy preview, but no file in use and no young one", async () => {
    await put(`markets/${marketId}/brugt-400.webp`, 5000, 30);
    await put("markets/gammel/a-400.webp", 1500, 3);
    await put("noter/liste.txt", 2_500_000, 10);
    await put("markets/ny/upload-400.webp", 700, null);

    const page = await admin.client.get(PAGE);
    expect(page.status).toBe(200);
    expect(page.html.h1s()).toEqual([texts.heading]);
    expect(page.html.statuses()).toContain("2 filer på i alt 2,5 MB");
    const items = page.html.all(`ul[aria-label="${texts.listLabel}"] > li`).map((item) => item.text.replace(/\s+/g, " "));
    expect(items).toHaveLength(2);
    expect(items[0]).toContain("markets/gammel/a-400.webp");
    expect(items[0]).toContain("1,5 kB");
    expect(items[0]).toContain("3 dage gammel");
    expect(items[1]).toContain("noter/liste.txt");
    expect(items[1]).toContain("2,5 MB");
    expect(items[1]).toContain(texts.noPreview);
    expect(page.text).not.toContain("brugt-400.webp");
    expect(page.text).not.toContain("upload-400.webp");
    const previews = page.html.all("li img");
    expect(previews.map((image) => [image.getAttribute("src"), image.getAttribute("loading"), image.getAttribute("alt")])).toEqual([
      ["/billeder/markets/gammel/a-400.webp", "lazy", ""],
    ]);
    // The preview's address answers with the file.
    expect((await admin.client.get("/billeder/markets/gammel/a-400.webp")).status).toBe(200);
    expect(page.html.buttons().filter((label) => label.startsWith(texts.remove.submit))).toEqual(["Slet filen markets/gammel/a-400.webp", "Slet filen noter/liste.txt"]);
    expect(page.text).toContain('<meta name="robots" content="noindex,follow"/>');
  });

  test("one file is removed with a toast; a file in use or gone is not, and says so", async () => {
    const { answer, page } = await admin.client.submit(PAGE, { intent: "remove", key: "markets/gammel/a-400.webp" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(PAGE);
    expect(page.html.toasts()).toEqual([{ title: texts.toast.removed, description: "markets/gammel/a-400.webp (1,5 kB) er væk." }]);
    expect(await exists("markets/gammel/a-400.webp")).toBe(false);
    expect(page.html.all(`ul[aria-label="${texts.listLabel}"] > li`).map((item) => item.querySelector("p")?.text)).toEqual(["noter/liste.txt"]);

    const inUse = await admin.client.submit(PAGE, { intent: "remove", key: `markets/${marketId}/brugt-400.webp` });
    expect(inUse.answer.status).toBe(303);
    expect(inUse.page.html.toasts().map((toast) => toast.title)).toEqual([texts.toast.inUse]);
    expect(await exists(`markets/${marketId}/brugt-400.webp`)).toBe(true);

    const young = await admin.client.submit(PAGE, { intent: "remove", key: "markets/ny/upload-400.webp" });
    expect(young.page.html.toasts().map((toast) => toast.title)).toEqual([texts.toast.inUse]);
    expect(await exists("markets/ny/upload-400.webp")).toBe(true);

    const gone = await admin.client.submit(PAGE, { intent: "remove", key: "markets/gammel/a-400.webp" });
    expect(gone.page.html.toasts().map((toast) => toast.title)).toEqual([texts.toast.missing]);
    const outside = await admin.client.post(PAGE, { intent: "remove", key: "../../etc/passwd" });
    expect(outside.status).toBe(303);

    expect((await admin.client.post(PAGE, { intent: "noget andet" })).status).toBe(400);
    expect((await admin.client.post(PAGE, { intent: "remove" })).status).toBe(400);
  });

  test("a long list has pages of 50; a file removed from a later page returns there, or to the last page left", async () => {
    const keys = Array.from({ length: 51 }, (_, at) => `mange/fil-${String(at).padStart(2, "0")}-400.webp`);
    for (const key of keys) await put(key, 10);
    // 52 orphans with noter/liste.txt, sorted by key: two pages, the second with the last two.
    const first = await admin.client.get(PAGE);
    expect(first.html.all(`ul[aria-label="${texts.listLabel}"] > li`)).toHaveLength(50);
    expect(first.html.link(`${translation.markets.nextPage} →`)).toBe(`${PAGE}?side=2`);
    const second = await admin.client.get(`${PAGE}?side=2`);
    expect(second.status).toBe(200);
    expect(second.html.h1s()).toEqual([texts.heading]);
    const onSecond = second.html.all(`ul[aria-label="${texts.listLabel}"] > li`);
    expect(onSecond.map((item) => item.querySelector("p")?.text)).toEqual(["mange/fil-50-400.webp", "noter/liste.txt"]);
    expect(second.html.all('input[name="side"]').map((input) => input.getAttribute("value"))).toEqual(["2", "2"]);
    for (const wrong of ["?side=3", "?side=0", "?side=en"]) expect((await admin.client.get(`${PAGE}${wrong}`)).status, wrong).toBe(404);

    const stay = await admin.client.post(PAGE, { intent: "remove", key: "mange/fil-50-400.webp", side: "2" });
    expect(stay.status).toBe(303);
    expect(stay.location).toBe(`${PAGE}?side=2`);
    const back = await admin.client.post(PAGE, { intent: "remove", key: "noter/liste.txt", side: "2" });
    expect(back.location).toBe(PAGE);
  });

  test("removing all asks first, on a page of its own, then removes every orphan and nothing else", async () => {
    const list = await admin.client.get(PAGE);
    const ask = list.html.link(texts.removeAll.start);
    expect(ask).toBe(`${PAGE}?slet-alle=ja#slet-alle`);
    const confirm = await admin.client.get(ask!.replace("#slet-alle", ""));
    expect(confirm.status).toBe(200);
    expect(confirm.html.region(texts.removeAll.heading).text()).toContain("Alle 50 filer på i alt 0,5 kB slettes for altid");
    expect(confirm.html.buttons()).toContain(texts.removeAll.submit);
    expect(confirm.html.link(texts.removeAll.back)).toBe(PAGE);

    const { answer, page } = await admin.client.submit(PAGE, { intent: "remove-all" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(PAGE);
    expect(page.html.toasts()).toEqual([{ title: "50 filer er slettet", description: "0,5 kB er frigjort." }]);
    expect((await store.listFiles()).map((file) => file.key)).toEqual([`markets/${marketId}/brugt-400.webp`, "markets/ny/upload-400.webp"]);
    expect(page.html.h1s()).toEqual([texts.heading]);
    expect(page.text).toContain(texts.empty.heading);
    expect(page.html.link(texts.removeAll.start)).toBeNull();

    const again = await admin.client.submit(PAGE, { intent: "remove-all" });
    expect(again.page.html.toasts().map((toast) => toast.title)).toEqual([texts.toast.nothing]);
  });
});
