import { afterAll, beforeAll, expect, test } from "vitest";
import { startSite, type Site } from "../support/site";

/**
 * The contact form's limit per address as the page answers it, on a site of its own that allows
 * one message an hour (how the limit counts: tests/integration/contact.test.ts).
 */

let site: Site;

beforeAll(async () => {
  site = await startSite({ env: { RATE_LIMIT_CONTACT: "1/3600" } });
});

afterAll(async () => {
  await site?.close();
});

test("too many messages from one address get a 429 with a Danish message, and are not stored", async () => {
  const post = (message: string) => site.post("/kontakt", { name: "Ole", email: "ole@example.dk", subject: "question", message });
  const first = await post("Første besked til jer – hvornår åbner I?");
  expect(first.status).toBe(303);
  const second = await post("Anden besked til jer – hvornår åbner I?");
  expect(second.status).toBe(429);
  expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(3500);
  expect(second.html.alerts().join(" ")).toContain("Du har sendt mange beskeder på kort tid. Prøv igen om 1 time.");
  // What was typed stays in the form.
  expect(second.text).toContain("Anden besked til jer");

  const stored = await site.database.db.selectFrom("contact_messages").select("message").execute();
  expect(stored.map((row) => row.message)).toEqual(["Første besked til jer – hvornår åbner I?"]);
});
