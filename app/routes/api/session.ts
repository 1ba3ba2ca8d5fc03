import { readSessionStatus } from "~/http/session-status.server";
import { site } from "~/lib/site-context.server";
import type { Route } from "./+types/session";

/**
 * GET /api/session: the session check of open pages (app/auth/session-watch.ts). Whether the
 * cookie still holds a session, until when, the roles and whether the profile could be read. The
 * library's refreshed or cleared session cookie travels with the answer.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const context = site();
  const { status, setCookies } = await readSessionStatus(request, { auth: context.auth, db: context.database.db, logger: context.logger });
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return Response.json(status, { headers });
}
