import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { forgetAuthorPages } from "./forum-pages.server";

/** The name a person has chosen for the forum, or null while it is their first name. */
export async function chosenForumName(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db.selectFrom("profiles").select("forum_name").where("auth_user_id", "=", userId).executeTakeFirst();
  return row?.forum_name ?? null;
}

/** A new forum name, shown on every post the person has written (their cached topics are forgotten). */
export async function setForumName(db: Kysely<Database>, userId: string, forumName: string): Promise<void> {
  await db.updateTable("profiles").set({ forum_name: forumName, updated_at: new Date().toISOString() }).where("auth_user_id", "=", userId).execute();
  await forgetAuthorPages(db, userId);
}
