import { data } from "react-router";
import { requireRole, requireUser, type Viewer } from "~/auth/session.server";
import type { PlannedPage } from "./planned-pages.server";

/**
 * A signed-in page holds one person's data: no shared cache may keep it, and the browser should
 * not show it again from its history after signing out on a shared computer.
 */
export const PERSONAL_PAGE_HEADERS = { "Cache-Control": "private, no-store" };

/** The guard of a page that is not built yet: signed in, and an admin where the page says so. */
export function requirePageAccess(request: Request, page: Pick<PlannedPage, "adminOnly">): Promise<Viewer> {
  return page.adminOnly ? requireRole(request, "admin") : requireUser(request);
}

/**
 * These pages take no posts yet. The guard still comes first, so a visitor's post is sent to
 * sign in like a visit, and nothing about the page is told before that.
 */
export async function refusePost(request: Request, page: Pick<PlannedPage, "adminOnly"> | null): Promise<never> {
  if (page) await requirePageAccess(request, page);
  else await requireUser(request);
  throw data(null, { status: 405, headers: { Allow: "GET, HEAD" } });
}
