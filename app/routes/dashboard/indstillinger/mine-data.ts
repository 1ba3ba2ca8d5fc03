import { assembleAccountExport, exportFileName } from "~/account/account-export.server";
import { site } from "~/lib/site-context.server";
import { access } from "~/http/access.server";
import type { Route } from "./+types/mine-data";

const guard = access({ permission: "read:dashboard:own" });
export const middleware: Route.MiddlewareFunction[] = [guard];

/**
 * GET /dashboard/indstillinger/mine-data (DATA_EXPORT_PATH):
 * everything we keep about the signed-in person, as a file. A resource route, because a page's
 * loader or action cannot answer a document request with a download.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { viewer } = guard.allowed(context);
  const { database, config } = site();
  const now = new Date();
  const exported = await assembleAccountExport(database.db, viewer.user.id, { baseUrl: config.baseUrl, now });
  // The session was valid a moment ago; a user gone since then has nothing left to give.
  if (!exported) throw new Response(null, { status: 404 });
  return new Response(JSON.stringify(exported, null, 2) + "\n", {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(now)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
