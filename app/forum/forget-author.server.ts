import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { forgetReading } from "./following/reading.server";

/**
 * An account's deletion, in the forum: the posts and topics stay, so that the conversations still
 * read, under "Slettet bruger" (their author ids go); the reports they sent stay without their name;
 * what they read and followed goes.
 */
export async function forgetForumAuthor(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx.updateTable("forum_posts").set({ author_id: null }).where("author_id", "=", userId).execute();
  await trx.updateTable("forum_topics").set({ author_id: null }).where("author_id", "=", userId).execute();
  await trx.updateTable("forum_reports").set({ reporter_id: null }).where("reporter_id", "=", userId).execute();
  await trx.updateTable("forum_reports").set({ resolved_by: null }).where("resolved_by", "=", userId).execute();
  await forgetReading(trx, userId);
}
