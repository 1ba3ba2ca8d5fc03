import { unreadFollowedTopics } from "~/forum/following/reading.server";
import { viewerIn } from "~/http/session.server";
import { site } from "~/lib/site-context.server";
import type { Route } from "./+types/ulaeste";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET /api/community/ulaeste: the count by "Community" in the header (followed topics with posts
 * the person has not read), for a page without React that hears on its person's live channel that
 * it changed. A page with React loads its root data again instead.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await viewerIn(context);
  if (!viewer) return Response.json({ count: null }, { status: 401, headers: NO_STORE });
  return Response.json({ count: await unreadFollowedTopics(site().database.db, viewer.user.id) }, { headers: NO_STORE });
}
