import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { forumCategories, latestTopics, mostActiveTopics } from "./reads.server";

/** /community: the categories, the topics with the newest activity (paged), and the most active ones. */
export async function communityOverview(db: Kysely<Database>, page: number, now: Date) {
  const [categories, latest, active] = await Promise.all([forumCategories(db), latestTopics(db, { page }), page === 1 ? mostActiveTopics(db, { now }) : Promise.resolve([])]);
  return { categories, latest, active };
}
