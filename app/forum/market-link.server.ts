import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { reachable } from "~/markets/query/visibility.server";

/** A market a topic is about, as the topic's card shows it. */
export interface TopicMarket {
  id: string;
  slug: string;
  name: string;
}

/**
 * The market a person means when they start a topic about one: its address on the site
 * (https://…/markeder/{slug}, /markeder/{slug}) or its slug alone. Only a market the public can
 * open; null for anything else, which the form answers at its field.
 */
export async function findTopicMarket(db: Kysely<Database>, typed: string): Promise<TopicMarket | null> {
  const slug = slugOf(typed);
  if (!slug) return null;
  const market = await db.selectFrom("markets as m").select(["m.id", "m.slug", "m.name"]).where("m.slug", "=", slug).where(reachable("m.status")).executeTakeFirst();
  return market ?? null;
}

function slugOf(typed: string): string | null {
  const text = typed.trim();
  const path = /^(?:https?:\/\/[^/]+)?\/?(?:markeder\/)?([a-z0-9-]{1,200})\/?(?:[?#].*)?$/i.exec(text);
  return path ? path[1]!.toLowerCase() : null;
}
