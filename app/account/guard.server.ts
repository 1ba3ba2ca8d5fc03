import { data } from "react-router";
import type { OwnedResource } from "~/auth/permissions";
import { requireUser, requireUserWithPermission, type Viewer } from "~/auth/session.server";
import { guardedPage } from "./page-permissions";

/**
 * A signed-in page holds one person's data: no shared cache may keep it, and the browser should
 * not show it again from its history after signing out on a shared computer.
 */
export const PERSONAL_PAGE_HEADERS = { "Cache-Control": "private, no-store" };

/**
 * The guard of a declared signed-in page (page-permissions.ts), found by the request's path: a
 * visitor signs in (302), someone without the page's permission gets 403. A page about one thing
 * passes it, so its owner is checked too. A path nobody declared is not found rather than open to
 * every account; a visitor still signs in first and learns nothing, not even that.
 */
export async function requirePageAccess(request: Request, resource?: OwnedResource): Promise<Viewer> {
  const page = guardedPage(new URL(request.url).pathname);
  if (!page) {
    await requireUser(request);
    throw data(null, { status: 404 });
  }
  return requireUserWithPermission(request, page.permission, resource);
}

/**
 * These pages take no posts yet. The guard still comes first, so a visitor's post is sent to
 * sign in like a visit, and nothing about the page is told before that.
 */
export async function refusePost(request: Request): Promise<never> {
  await requirePageAccess(request);
  throw data(null, { status: 405, headers: { Allow: "GET, HEAD" } });
}
