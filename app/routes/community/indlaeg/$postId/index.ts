import { data, redirect } from "react-router";
import { userCan } from "~/auth/permissions";
import { permissionHolder } from "~/auth/viewer";
import { parseForumId } from "~/forum/paths";
import { postPlace, type Reader } from "~/forum/reads.server";
import { viewerIn } from "~/http/session.server";
import { site } from "~/lib/site-context.server";
import type { Route } from "./+types/index";

/**
 * GET /community/indlaeg/{id}: a post's lasting address, which the search and the discussions
 * link to. 302 to the page of its topic that shows it (the page may change as posts
 * before it are let out), 404 when the reader may not see it.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const postId = parseForumId(params.postId);
  if (postId === null) throw data(null, { status: 404 });
  const viewer = await viewerIn(context);
  const reader: Reader | null = viewer ? { id: viewer.user.id, seesEverything: userCan(permissionHolder(viewer), "hide:post:any") } : null;
  const place = await postPlace(site().database.db, postId, reader);
  if (!place) throw data(null, { status: 404 });
  return redirect(place, 302);
}
