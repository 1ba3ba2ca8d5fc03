import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import readline from "node:readline";
import type { Kysely } from "kysely";
import { replyToTopic } from "../app/forum/writes.server";
import { openDatabase } from "../app/lib/db/database.server";
import type { Database } from "../app/lib/db/schema";
import { benchDatabaseUrl } from "./bench-databases";
import { startBuiltServer } from "./built-server";

/**
 * Live updates under load (decision 0037), on SQLite and on PostgreSQL: one built server on core 0
 * holding `streams` open streams of one topic, made by a load generator on core 1
 * (bench-live-load.ts); the server's resident memory before and after they open; then `posts`
 * replies written to the topic a second apart, each timed from its write to its event reaching
 * every stream. The replies are written by this process, as another instance would write them:
 * PostgreSQL tells the server by NOTIFY, SQLite's server finds them by its poll (four times a
 * second) — a write the server makes itself wakes its hub at once. Last, the time of a reply to a
 * topic 10,000 people follow, which writes an event for each.
 */

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

const pin = (pid: number, core: number) => spawnSync("taskset", ["-a", "-p", "-c", String(core), String(pid)], { stdio: "ignore" });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The author's posts an hour back: past the pause between one person's posts (app/forum/limits.server.ts). */
async function pastThePause(db: Kysely<Database>, authorId: string): Promise<void> {
  await db
    .updateTable("forum_posts")
    .set({ created_at: new Date(Date.now() - 3600_000).toISOString() })
    .where("author_id", "=", authorId)
    .execute();
}

const FOLLOWERS = 10_000;

/**
 * A reply to a topic `followers` people follow writes one event per follower (their own channel
 * tells their header's count): the time of ten such replies, the whole write with its events.
 * The followers are rows of forum_topic_users alone, removed again after.
 */
async function timeReplyToFollowers(db: Kysely<Database>, topicId: number, authorId: string, followers: number): Promise<number[]> {
  const followedAt = new Date().toISOString();
  const ids = Array.from({ length: followers }, () => randomUUID());
  for (let i = 0; i < ids.length; i += 1000) {
    await db
      .insertInto("forum_topic_users")
      .values(ids.slice(i, i + 1000).map((id) => ({ user_id: id, topic_id: topicId, last_read_post_id: 0, followed_at: followedAt, posted_at: null })))
      .execute();
  }
  const times: number[] = [];
  try {
    for (let i = 0; i < 10; i++) {
      await pastThePause(db, authorId);
      const started = performance.now();
      const posted = await replyToTopic(db, authorId, topicId, `Svar nummer ${i + 1} til mange følgere.`);
      times.push(performance.now() - started);
      if (posted.kind !== "posted") throw new Error(`The reply was not posted: ${JSON.stringify(posted)}`);
    }
  } finally {
    for (let i = 0; i < ids.length; i += 1000)
      await db
        .deleteFrom("forum_topic_users")
        .where("user_id", "in", ids.slice(i, i + 1000))
        .execute();
  }
  return times;
}

export async function benchLive(streams: number, posts: number, root: string): Promise<string[][]> {
  const rows = [["database", "strømme", "RSS før", "RSS med strømme", "pr. strøm", "til alle p50", "til alle p95", "til alle max", "modtaget", "svar til 10.000 følgere p50/p95"]];
  for (const kind of ["sqlite", "postgres"] as const) {
    const databaseUrl = kind === "postgres" ? await benchDatabaseUrl("postgres", "live", root) : "";
    const server = await startBuiltServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" });
    pin(server.child.pid!, 0);
    const database = openDatabase(kind === "postgres" ? databaseUrl : `file:${path.join(server.dataDir, "loppeguiden.db")}`);
    try {
      const db = database.db;
      const topic = await db.selectFrom("forum_topics").select(["id", "author_id"]).where("state", "=", "published").orderBy("id").limit(1).executeTakeFirstOrThrow();
      const authorId = topic.author_id!;
      await db
        .updateTable("user")
        .set({ createdAt: new Date(Date.now() - 30 * 24 * 3600_000).toISOString() })
        .where("id", "=", authorId)
        .execute();
      // Warm: pages and the stream's code path once, then the baseline.
      for (let i = 0; i < 20; i++) await fetch(`${server.url}/community/topic/${topic.id}`);
      await pause(1000);
      const before = residentMb(server.child.pid!);

      const load = spawn(
        "taskset",
        ["-c", "1", process.execPath, "--import", "tsx", path.join(root, "scripts/bench-live-load.ts"), server.url, `topic:${topic.id}`, String(streams)],
        {
          stdio: ["pipe", "pipe", "inherit"],
        },
      );
      const lines = readline.createInterface({ input: load.stdout });
      const nextLine = () => new Promise<string>((resolve) => lines.once("line", resolve));
      const ready = (await nextLine()).split(" ");
      const opened = Number(ready[1]);
      await pause(2000);
      const withStreams = residentMb(server.child.pid!);

      const written = new Map<number, number>();
      for (let i = 0; i < posts; i++) {
        await pastThePause(db, authorId);
        const started = Date.now();
        const posted = await replyToTopic(db, authorId, topic.id, `Svar nummer ${i + 1} under belastning.`);
        if (posted.kind !== "posted") throw new Error(`The reply was not posted: ${JSON.stringify(posted)}`);
        written.set(posted.postId, started);
        await pause(1000);
      }
      await pause(2000);
      load.stdin.write("report\n");
      const arrivals = JSON.parse(await nextLine()) as Record<string, { count: number; last: number }>;
      const toAll: number[] = [];
      let received = 0;
      for (const [postId, startedAt] of written) {
        const arrival = arrivals[postId];
        received += arrival?.count ?? 0;
        if (arrival) toAll.push(arrival.last - startedAt);
      }
      rows.push([
        kind,
        opened.toLocaleString("da-DK"),
        `${before.toFixed(0)} MB`,
        `${withStreams.toFixed(0)} MB`,
        `${(((withStreams - before) * 1024) / Math.max(1, opened)).toFixed(1)} KB`,
        `${percentile(toAll, 50).toFixed(0)} ms`,
        `${percentile(toAll, 95).toFixed(0)} ms`,
        `${Math.max(...toAll).toFixed(0)} ms`,
        `${received.toLocaleString("da-DK")} af ${(opened * posts).toLocaleString("da-DK")}`,
      ]);
      load.kill();
      const fanOut = await timeReplyToFollowers(db, topic.id, authorId, FOLLOWERS);
      rows.at(-1)!.push(`${percentile(fanOut, 50).toFixed(0)}/${percentile(fanOut, 95).toFixed(0)} ms`);
    } finally {
      await database.close();
      await server.stop();
    }
  }
  return rows;
}
