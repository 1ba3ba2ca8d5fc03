import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import sharp from "sharp";
import type { AppDatabase } from "../../app/lib/db/database.server";
import type { ProxiedSite } from "./proxied-site";

/**
 * What `npm run scale-test` proves through nginx about instances sharing one PostgreSQL database,
 * property by property: each check returns whether it held and the figures it measured. The
 * request-level suite runs the ones that need no killing (tests/integration/scale.test.ts).
 */

export interface CheckResult {
  property: string;
  ok: boolean;
  figures: string;
}

/** A signed-up person's cookies, as a browser would send them. */
export interface Person {
  email: string;
  cookie: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function cookiesOf(answer: Response): string {
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** A form as a browser without JavaScript posts it; the answer is not followed. */
export function postForm(url: string, fields: Record<string, string>, cookie = ""): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", cookie }, body: new URLSearchParams(fields).toString(), redirect: "manual" });
}

/** The same form sent from another loopback address, as a second visitor behind nginx; its status. */
function postFormFrom(localAddress: string, url: string, fields: Record<string, string>): Promise<number> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", localAddress, headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) } },
      (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Signs up through the site at `url` (EMAIL_VERIFICATION=0: signed in at once). */
export async function signUp(url: string, name: string): Promise<Person> {
  const email = `${name.toLowerCase().replace(/[^a-z]/g, "")}-${randomBytes(3).toString("hex")}@skala.loppeguiden.invalid`;
  const answer = await postForm(`${url}/sign-up`, { intent: "sign-up", name, email, password: "loppe-hemmelig-skala", next: "/" });
  const cookie = cookiesOf(answer);
  if (answer.status !== 303 || !cookie.includes("session_token")) throw new Error(`Sign-up answered ${answer.status} without a session`);
  return { email, cookie };
}

/** A session made through one instance is valid on each of them. */
export async function sessionOnEveryInstance(site: ProxiedSite, person: Person): Promise<CheckResult> {
  const statuses = await Promise.all(
    site.instances.map(async (instance) => (await fetch(`${instance.url}/dashboard`, { headers: { cookie: person.cookie }, redirect: "manual" })).status),
  );
  const known = statuses.filter((status) => status === 200).length;
  return { property: "En session virker på alle instanser", ok: known === statuses.length, figures: `${known} af ${statuses.length} kender den (svar ${statuses.join(", ")})` };
}

function contactMessage(i: number): Record<string, string> {
  return { name: "Skala Test", email: "skala@loppeguiden.invalid", subject: "other", message: `Besked nummer ${i} fra skalatesten, om ingenting.` };
}

/**
 * The contact form's limit (RATE_LIMIT_CONTACT=3/3600 here) counts one visitor across instances by
 * the address nginx passes on: the fourth message in a row is refused although round-robin sent
 * each to another instance, and a visitor from another address is not.
 */
export async function rateLimitAcrossInstances(site: ProxiedSite): Promise<CheckResult> {
  const statuses: number[] = [];
  for (let i = 1; i <= 4; i++) statuses.push((await postForm(`${site.url}/kontakt`, contactMessage(i))).status);
  const other = await postFormFrom("127.0.0.2", `${site.url}/kontakt`, contactMessage(5));
  const ok = statuses.slice(0, 3).every((status) => status === 303) && statuses[3] === 429 && other === 303;
  return { property: "Grænsen pr. adresse tæller på tværs af instanser", ok, figures: `127.0.0.1: ${statuses.join(", ")}; 127.0.0.2: ${other}` };
}

/**
 * A change made through one instance reaches every instance's cached copy within the poll: each
 * instance has the market's page in its cache, a topic about the market is started through nginx,
 * and each instance's page is asked until it names the topic.
 */
export async function cachedPagesFollowWrites(site: ProxiedSite, writer: Person, marketSlug: string, pollMs: number): Promise<CheckResult & { topicId: number }> {
  const page = `/markeder/${marketSlug}`;
  for (const instance of site.instances) for (let i = 0; i < 2; i++) await (await fetch(instance.url + page)).arrayBuffer();
  const cached = await Promise.all(site.instances.map(async (instance) => (await fetch(instance.url + page)).headers.get("x-page-cache")));
  const title = `Skalatest ${randomBytes(3).toString("hex")}`;
  const answer = await postForm(`${site.url}/community/new`, { intent: "topic", category: "generelt", title, text: "Hvem kommer på lørdag?", market: marketSlug }, writer.cookie);
  const topicId = Number(/\/community\/topic\/(\d+)/.exec(answer.headers.get("location") ?? "")?.[1] ?? 0);
  const written = Date.now();
  const waits = await Promise.all(
    site.instances.map(async (instance) => {
      while (Date.now() - written < pollMs + 5_000) {
        if ((await (await fetch(instance.url + page)).text()).includes(title)) return Date.now() - written;
        await pause(20);
      }
      return Infinity;
    }),
  );
  const longest = Math.max(...waits);
  return {
    property: "En ændring når hver instans' gemte sider inden for poll-intervallet",
    ok: answer.status === 303 && cached.every((state) => state === "hit") && longest <= pollMs + 1_000,
    figures: `cache før: ${cached.join(", ")}; synlig efter ${waits.map((ms) => `${ms} ms`).join(", ")} (poll ${pollMs} ms)`,
    topicId,
  };
}

/** A picture uploaded through one instance (a profile picture) is served alike by each. */
export async function pictureOnEveryInstance(site: ProxiedSite, person: Person, database: AppDatabase): Promise<CheckResult> {
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("intent", "avatar");
  form.set("avatar", new File([new Uint8Array(png)], "skala.png", { type: "image/png" }));
  const answer = await fetch(`${site.url}/dashboard/indstillinger`, { method: "POST", body: form, headers: { cookie: person.cookie }, redirect: "manual" });
  const profile = await database.db.selectFrom("profiles").select("avatar_url").where("email", "=", person.email).executeTakeFirst();
  const picture = profile?.avatar_url;
  if (!picture) return { property: "Et uploadet billede vises af alle instanser", ok: false, figures: `upload svarede ${answer.status}, intet billede gemt` };
  const served = await Promise.all(
    site.instances.map(async (instance) => {
      const file = await fetch(instance.url + picture);
      return {
        status: file.status,
        hash: createHash("sha256")
          .update(Buffer.from(await file.arrayBuffer()))
          .digest("hex"),
      };
    }),
  );
  const ok = served.every((file) => file.status === 200 && file.hash === served[0]!.hash);
  return {
    property: "Et uploadet billede vises af alle instanser",
    ok,
    figures: `${served.filter((file) => file.status === 200).length} af ${served.length} svarer 200 med samme indhold`,
  };
}

/** A reply written through one instance reaches a live stream another instance holds. */
export async function liveAcrossInstances(site: ProxiedSite, replier: Person, topicId: number): Promise<CheckResult> {
  const [holder, writer] = [site.instances[0]!, site.instances[1]!];
  const stream = await fetch(`${holder.url}/api/live?kanal=topic:${topicId}`);
  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  let received = "";
  const reply = postForm(`${writer.url}/community/topic/${topicId}`, { intent: "reply", text: "Jeg kommer med kaffe til alle." }, replier.cookie);
  const sent = Date.now();
  const answer = await reply;
  const postId = /#indlaeg-(\d+)/.exec(answer.headers.get("location") ?? "")?.[1];
  const deadline = sent + 5_000;
  while (postId && !received.includes(`"postId":${postId}`) && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), pause(deadline - Date.now()).then(() => null)]);
    if (!chunk || chunk.done) break;
    received += decoder.decode(chunk.value, { stream: true });
  }
  const took = Date.now() - sent;
  await reader.cancel();
  const ok = answer.status === 303 && Boolean(postId) && received.includes(`"postId":${postId}`);
  return { property: "Et svar når en live-strøm på en anden instans", ok, figures: ok ? `efter ${took} ms` : `svar ${answer.status}, intet event inden for 5 s` };
}

/** Each instance runs the daily job at start; the database lets one of them do it. */
export function dailyJobOnce(site: ProxiedSite): CheckResult {
  const runs = site
    .output()
    .split("\n")
    .filter((line) => line.includes('"msg":"occurrences refreshed"')).length;
  return { property: "Den daglige opgave kører én gang", ok: runs === 1, figures: `${runs} af ${site.instances.length} instanser kørte den` };
}

/** Reads through nginx with `connections` loops until stopped: how many answered 200, and what else came. */
export function readLoad(url: string, paths: string[], connections = 8) {
  let running = true;
  let ok = 0;
  const failed: string[] = [];
  const loops = Array.from({ length: connections }, async (_, loop) => {
    for (let i = loop; running; i++) {
      try {
        const answer = await fetch(url + paths[i % paths.length]!);
        await answer.arrayBuffer();
        if (answer.status === 200) ok += 1;
        else failed.push(String(answer.status));
      } catch (error) {
        failed.push((error as Error).message);
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { ok, failed };
    },
  };
}
