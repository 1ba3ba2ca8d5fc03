import { sql } from "kysely";

/**
 * The id of the first post of the topic of the post aliased `p`, for a select: whether a post
 * opened its topic (and carries its title). Read off the (topic_id, id) index.
 */
export const FIRST_POST_ID = sql<number>`(select min(f.id) from forum_posts f where f.topic_id = p.topic_id)`.as("first_id");
