import { sql, type Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { postLinkPath, TOPICS_PER_PAGE, topicPath } from "../paths";
import { publicTopic, SUMMARY_COLUMNS, toSummary, topicsQuery } from "../reads.server";
import type { TopicSummary } from "../views";

export interface Discussion extends TopicSummary {
  /** Published posts after the last one the person read. */
  unread: number;
  following: boolean;
  /** The first unread post where it stands, else the last one read, else the topic. */
  href: string;
}

export interface DiscussionsPage {
  discussions: Discussion[];
  total: number;
  pages: number;
}

/**
 * /dashboard/community/discussions: the topics a person started, replied to or follows, newest
 * activity first, each with the posts since they last read it. Their own topic is listed also
 * while it waits for an admin; anyone else's only while the public sees it.
 */
export async function discussionsOf(db: Kysely<Database>, userId: string, page: number): Promise<DiscussionsPage> {
  const list = topicsQuery(db)
    .innerJoin("forum_topic_users as r", "r.topic_id", "t.id")
    .where("r.user_id", "=", userId)
    .where((eb) => eb.or([eb("r.followed_at", "is not", null), eb("r.posted_at", "is not", null)]))
    .where((eb) => eb.or([publicTopic, eb("t.author_id", "=", userId)]));
  const [rows, count] = await Promise.all([
    list
      .select([...SUMMARY_COLUMNS, "r.last_read_post_id", "r.followed_at"])
      .select((eb) =>
        eb
          .selectFrom("forum_posts as p")
          .select(sql<number>`count(*)`.as("n"))
          .whereRef("p.topic_id", "=", "t.id")
          .whereRef("p.id", ">", "r.last_read_post_id")
          .where("p.state", "=", "published")
          .as("unread"),
      )
      .select((eb) =>
        eb
          .selectFrom("forum_posts as p")
          .select(sql<number>`min(p.id)`.as("first"))
          .whereRef("p.topic_id", "=", "t.id")
          .whereRef("p.id", ">", "r.last_read_post_id")
          .where("p.state", "=", "published")
          .as("first_unread"),
      )
      .orderBy("t.last_posted_at", "desc")
      .orderBy("t.id", "desc")
      .limit(TOPICS_PER_PAGE)
      .offset((page - 1) * TOPICS_PER_PAGE)
      .execute(),
    list.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    discussions: rows.map((row) => {
      const target = row.first_unread === null ? row.last_read_post_id : Number(row.first_unread);
      return {
        ...toSummary(row),
        unread: Number(row.unread ?? 0),
        following: row.followed_at !== null,
        href: target > 0 ? postLinkPath(target) : topicPath(row.id),
      };
    }),
    total,
    pages: Math.max(1, Math.ceil(total / TOPICS_PER_PAGE)),
  };
}
