import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from "vitest";
import { startTopic, replyToTopic } from "../../app/forum/writes.server";
import { setFollowing } from "../../app/forum/following/reading.server";
import { moderatePost } from "../../app/forum/moderation.server";
import { blockPerson } from "../../app/people/blocks.server";
import translation from "../../app/locales/da/translation.json";
import { cookieHeader, type TestAccount } from "../support/factories";
import { ageAccount, movePostsBack } from "../support/forum";
import { startSite, type Site } from "../support/site";

const { kind } = inject("testDatabase");
const LIVE = "/api/live";

interface Frame {
  id: number | null;
  event: string;
  data: Record<string, unknown>;
}

/** A live stream read as a browser's EventSource reads it: frames separated by a blank line, comments left out. */
class Stream {
  readonly #controller = new AbortController();
  readonly #decoder = new TextDecoder();
  #reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  #buffer = "";
  response!: Response;

  static async open(site: Site, channels: string[], options: { cookie?: string; lastEventId?: number; headers?: Record<string, string> } = {}): Promise<Stream> {
    const stream = new Stream();
    const query = channels.map((channel) => `kanal=${encodeURIComponent(channel)}`).join("&");
    stream.response = await fetch(`${site.url}${LIVE}?${query}`, {
      headers: {
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.lastEventId !== undefined ? { "last-event-id": String(options.lastEventId) } : {}),
        ...options.headers,
      },
      signal: stream.#controller.signal,
    });
    if (stream.response.ok && stream.response.body) stream.#reader = stream.response.body.getReader();
    return stream;
  }

  /** The next frame with data (the "retry" line and the comments are skipped); null when the stream ended. */
  async next(timeoutMs = 10_000): Promise<Frame | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.#buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end + 2);
        const lines = block.split("\n").filter((line) => !line.startsWith(":"));
        const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
        const data = field("data");
        if (data === undefined) continue;
        return { id: field("id") ? Number(field("id")) : null, event: field("event") ?? "message", data: JSON.parse(data) as Record<string, unknown> };
      }
      if (!this.#reader) return null;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No frame within ${timeoutMs} ms; read so far: ${JSON.stringify(this.#buffer)}`);
      const read = await Promise.race([this.#reader.read(), new Promise<"late">((resolve) => setTimeout(() => resolve("late"), left))]);
      if (read === "late") continue;
      if (read.done) return null;
      this.#buffer += this.#decoder.decode(read.value, { stream: true });
    }
  }

  close(): void {
    this.#controller.abort();
  }
}

/**
 * Live updates at the level of requests, on both databases (the events table, PostgreSQL's NOTIFY
 * and its own listener connection): the stream's headers, an event per write on the channels that
 * may hear it and with nothing a reader may not see, the resume after a cut with Last-Event-ID,
 * the reload when the gap is gone from the table, who may follow what, the caps, and a stream that
 * ends when its person is blocked.
 */
describe(`live updates on ${kind}`, () => {
  let site: Site;
  let admin: TestAccount;
  let writer: TestAccount;
  const open: Stream[] = [];

  beforeAll(async () => {
    site = await startSite({ env: { LIVE_RECHECK_MS: "200" } });
    admin = (await site.signedIn({ name: "Alma Admin", admin: true })).account;
    writer = (await site.signedIn({ name: "Villy Skribent" })).account;
    await ageAccount(site.database.db, writer.id);
  });

  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });

  afterAll(async () => {
    await site?.close();
  });

  async function stream(channels: string[], options: Parameters<typeof Stream.open>[2] = {}) {
    const opened = await Stream.open(site, channels, options);
    open.push(opened);
    return opened;
  }

  let topicCount = 0;
  async function topic(): Promise<number> {
    topicCount += 1;
    await movePostsBack(site.database.db, writer.id);
    const started = await startTopic(site.database.db, writer.id, {
      categorySlug: "generelt",
      title: `Live emne nummer ${topicCount}`,
      text: "Hvem kommer på søndag?",
      marketId: null,
    });
    if (started.kind !== "started") throw new Error(`No topic: ${JSON.stringify(started)}`);
    return started.topicId;
  }

  async function reply(topicId: number, text: string): Promise<number> {
    await movePostsBack(site.database.db, writer.id);
    const posted = await replyToTopic(site.database.db, writer.id, topicId, text);
    if (posted.kind !== "posted") throw new Error(`No reply: ${JSON.stringify(posted)}`);
    return posted.postId;
  }

  test("fifty streams per address; the fifty-first is answered 429", async () => {
    // A site of its own: the other tests' streams, closed a moment ago, are not still being counted off.
    const own = await startSite();
    try {
      const streams = await Promise.all(Array.from({ length: 51 }, () => Stream.open(own, ["forum"])));
      const statuses = streams.map((one) => one.response.status).sort();
      for (const one of streams) one.close();
      expect(statuses.filter((status) => status === 200)).toHaveLength(50);
      expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  test("a stream is text/event-stream, never stored or compressed, and carries a reply as ids only", async () => {
    const topicId = await topic();
    const live = await stream([`topic:${topicId}`], { headers: { "accept-encoding": "gzip, br" } });
    expect(live.response.status).toBe(200);
    expect(live.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(live.response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(live.response.headers.get("content-encoding")).toBeNull();
    expect(live.response.headers.get("x-accel-buffering")).toBe("no");

    const postId = await reply(topicId, "Jeg kommer med kaffe.");
    const frame = await live.next();
    expect(frame).toMatchObject({ event: "message", data: { channel: `topic:${topicId}`, type: "post", change: "new", topicId, postId } });
    expect(frame!.id).toBeGreaterThan(0);
    expect(JSON.stringify(frame)).not.toContain("kaffe");
  });

  test("a stream cut in the middle resumes with Last-Event-ID: every missed event once, in order", async () => {
    const topicId = await topic();
    const first = await stream([`topic:${topicId}`]);
    await reply(topicId, "Første svar");
    const seen = (await first.next())!;
    first.close();

    const missed = [await reply(topicId, "Andet svar"), await reply(topicId, "Tredje svar")];
    const resumed = await stream([`topic:${topicId}`], { lastEventId: seen.id! });
    const frames = [(await resumed.next())!, (await resumed.next())!];
    expect(frames.map((frame) => frame.data.postId)).toEqual(missed);
    expect(frames[0]!.id!).toBeGreaterThan(seen.id!);
    expect(frames[1]!.id!).toBeGreaterThan(frames[0]!.id!);
    // Live again after the catching up, with nothing sent twice.
    const next = await reply(topicId, "Fjerde svar");
    expect((await resumed.next())!.data.postId).toBe(next);
  });

  test("a stream whose missed events are gone from the table is told to reload", async () => {
    const topicId = await topic();
    await reply(topicId, "Et svar, der bliver glemt");
    const db = site.database.db;
    const newest = Number(
      (
        await db
          .selectFrom("live_events")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirstOrThrow()
      ).id,
    );
    await db.deleteFrom("live_events").where("id", "<=", newest).execute();
    await reply(topicId, "Et nyt svar");
    const late = await stream([`topic:${topicId}`], { lastEventId: 1 });
    expect(await late.next()).toMatchObject({ event: "reload" });
    expect(await late.next()).toBeNull();
  });

  test("each follows only what they may read: a waiting post's topic, the admins' queues", async () => {
    const visitorAsks = async (channels: string[], cookie?: string) => (await stream(channels, { cookie })).response.status;
    expect(await visitorAsks([])).toBe(400);
    expect(await visitorAsks(["noget-andet"])).toBe(400);
    expect(await visitorAsks(Array.from({ length: 11 }, (_, i) => `topic:${i + 1}`))).toBe(400);
    expect(await visitorAsks(["admin:queues"])).toBe(403);
    expect(await visitorAsks(["admin:queues"], cookieHeader(writer))).toBe(403);
    expect(await visitorAsks(["forum", "admin:queues"], cookieHeader(admin))).toBe(200);

    // A new account's topic with a link waits for an admin: nobody else may follow it.
    const newcomer = (await site.signedIn({ name: "Nina Ny" })).account;
    const waiting = await startTopic(site.database.db, newcomer.id, { categorySlug: "generelt", title: "Se min side her", text: "Kig på https://example.dk", marketId: null });
    expect(waiting).toMatchObject({ kind: "started", waits: true });
    const topicId = waiting.kind === "started" ? waiting.topicId : 0;
    expect(await visitorAsks([`topic:${topicId}`])).toBe(403);
    expect(await visitorAsks([`topic:${topicId}`], cookieHeader(writer))).toBe(403);
    expect(await visitorAsks([`topic:${topicId}`], cookieHeader(admin))).toBe(200);

    // A hidden post is told to its topic's followers as an id, its text never.
    const published = await topic();
    const follower = await stream([`topic:${published}`]);
    const postId = await reply(published, "Hemmelig besked om priser");
    await follower.next();
    const hidden = await moderatePost(site.database.db, admin.id, postId, "hide", "Spam", { baseUrl: site.url, send: async () => {}, logger: pino({ level: "silent" }) });
    expect(hidden.kind).toBe("done");
    const frame = (await follower.next())!;
    expect(frame.data).toMatchObject({ change: "hide", postId });
    expect(JSON.stringify(frame)).not.toContain("Hemmelig");
  });

  test("the admins' queues are told of a message sent through the contact form, at once (the site's own write)", async () => {
    const queues = await stream(["admin:queues"], { cookie: cookieHeader(admin) });
    const sent = await site.post("/kontakt", { name: "Ole Spørger", email: "ole@example.dk", subject: "question", message: "Hvornår åbner markedet i Ry igen?" });
    expect(sent.status).toBe(303);
    const frame = await queues.next(2_000);
    expect(frame).toMatchObject({ data: { channel: "admin:queues", type: "queue", queue: "messages" } });
    expect(JSON.stringify(frame)).not.toContain("Ry");
  });

  test("a reply is news on the own channel of each person following its topic, and nobody else's", async () => {
    const topicId = await topic();
    const follower = (await site.signedIn({ name: "Frida Følger" })).account;
    const bystander = (await site.signedIn({ name: "Bent Forbi" })).account;
    await setFollowing(site.database.db, follower.id, topicId, true, new Date());
    expect((await stream([`person:${follower.id}`], { cookie: cookieHeader(bystander) })).response.status).toBe(403);
    expect((await stream([`person:${follower.id}`])).response.status).toBe(403);
    const theirs = await stream([`person:${follower.id}`], { cookie: cookieHeader(follower) });
    const authors = await stream([`person:${writer.id}`], { cookie: cookieHeader(writer) });
    await reply(topicId, "Nyt til dem, der følger med.");
    expect(await theirs.next()).toMatchObject({ data: { channel: `person:${follower.id}`, type: "unread", topicId } });
    // The author follows the topic too (they started it), and is not told of their own reply.
    await expect(authors.next(1_500)).rejects.toThrow(/No frame/);
  });

  test("four streams per person; the fifth is answered 429", async () => {
    const person = (await site.signedIn({ name: "Fie Faner" })).account;
    const streams = await Promise.all(Array.from({ length: 4 }, () => stream(["forum"], { cookie: cookieHeader(person) })));
    expect(streams.map((one) => one.response.status)).toEqual([200, 200, 200, 200]);
    const fifth = await stream(["forum"], { cookie: cookieHeader(person) });
    expect(fifth.response.status).toBe(429);
    expect(fifth.response.headers.get("retry-after")).toBe("30");
    expect(((await fifth.response.json()) as { error: string }).error).toBe(translation.api.live.tooMany);
    streams[0]!.close();
    // The closed one is counted off: a new one is let in.
    await expect.poll(async () => (await stream(["forum"], { cookie: cookieHeader(person) })).response.status).toBe(200);
  });

  test("a blocked person's stream ends", async () => {
    const person = (await site.signedIn({ name: "Bo Blokeret" })).account;
    const live = await stream(["forum"], { cookie: cookieHeader(person) });
    expect(live.response.status).toBe(200);
    expect(await blockPerson(site.database.db, admin.id, person.id, "Spam")).toBe("blocked");
    expect(await live.next()).toMatchObject({ event: "ended" });
    expect(await live.next()).toBeNull();
  });
});
