import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SchedulePreviewAnswer } from "../../app/organiser/form/schedule-preview";
import { startSite, type Site } from "../support/site";

/**
 * /opret-marked/forhaandsvisning at the level of requests: the preview ScheduleFields asks for as
 * an organiser builds a schedule (app/organiser/form/). Who may ask, what comes back, the limit.
 */

const PREVIEW = "/opret-marked/forhaandsvisning";
const LIMIT = 4;

let site: Site;

beforeAll(async () => {
  site = await startSite({ env: { RATE_LIMIT_SCHEDULE_PREVIEW: `${LIMIT}/600` } });
});

afterAll(async () => {
  await site?.close();
});

/** Every Sunday since 2026: the sentence has no "fra og med", whatever day the suite runs. */
const EVERY_SUNDAY = {
  tidsplan: "regel",
  "regel.gentagelse": "uge",
  "regel.interval": "1",
  "regel.ugedage": "sun",
  "regel.fra": "2026-01-04",
  "regel.aabner": "10:00",
  "regel.lukker": "15:00",
  // What the other parts hold is not read.
  "datoer[0].dato": "i morgen",
};

const NEXT_SUNDAY = /^Søndag \d{1,2}\. [a-z]+ \d{4} kl\. 10–15$/;

describe("the schedule preview", () => {
  test("a visitor is sent to sign in, asking with GET or POST", async () => {
    const asked = await site.get(`${PREVIEW}?tidsplan=regel`);
    expect(asked.status).toBe(302);
    expect(asked.location).toBe(`/sign-in?next=${encodeURIComponent(`${PREVIEW}?tidsplan=regel`)}`);
    const posted = await site.post(PREVIEW, EVERY_SUNDAY);
    expect(posted.status).toBe(302);
    expect(posted.location).toMatch(/^\/sign-in\?next=/);
  });

  test("a signed-in person gets the prose and the next five dates of what is posted, never stored by a cache", async () => {
    const { client } = await site.signedIn();
    const answer = await client.post(PREVIEW, EVERY_SUNDAY);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const body = answer.json<SchedulePreviewAnswer>();
    if (body.status !== "ready") throw new Error(`Not ready: ${answer.text}`);
    expect(body.preview.prose).toEqual(["Hver søndag kl. 10–15"]);
    expect(body.preview.nextDates).toHaveLength(5);
    for (const line of body.preview.nextDates) expect(line).toMatch(NEXT_SUNDAY);
  });

  test("the same fields in the query string give the same; fields that make no schedule yet give incomplete", async () => {
    const { client } = await site.signedIn();
    const viaGet = await client.get(`${PREVIEW}?${new URLSearchParams(EVERY_SUNDAY)}`);
    expect(viaGet.status).toBe(200);
    expect(viaGet.json<SchedulePreviewAnswer>()).toMatchObject({ status: "ready", preview: { prose: ["Hver søndag kl. 10–15"] } });
    const incomplete = await client.post(PREVIEW, { ...EVERY_SUNDAY, "regel.lukker": "" });
    expect(incomplete.status).toBe(200);
    expect(incomplete.json()).toEqual({ status: "incomplete", problem: "Skriv hvornår markedet lukker." });
  });

  test("a person asking without pause is held back lightly, and others are not", async () => {
    const { client } = await site.signedIn();
    for (let asked = 0; asked < LIMIT; asked++) expect((await client.post(PREVIEW, { tidsplan: "dato" })).status).toBe(200);
    const refused = await client.post(PREVIEW, { tidsplan: "dato" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ status: "limited" });
    const { client: other } = await site.signedIn();
    expect((await other.post(PREVIEW, { tidsplan: "dato" })).status).toBe(200);
  });
});
