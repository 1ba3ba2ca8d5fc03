import { userCan } from "~/auth/permissions";
import { permissionHolder } from "~/auth/viewer";
import { viewerOfRequest } from "./session.server";

/**
 * Who may open a file under "private/{ownerId}/…" (a picture nobody has reviewed yet, decision
 * 0027): the person whose folder it is, as with the rest of their own market, and the admins who
 * review it. Someone not signed in is asked to sign in; anyone else is refused.
 */
export async function privateFileAccess(request: Request, ownerId: string | null): Promise<"allowed" | "sign-in" | "forbidden"> {
  const viewer = await viewerOfRequest(request);
  if (!viewer) return "sign-in";
  const holder = permissionHolder(viewer);
  if (userCan(holder, "moderate:market:any")) return "allowed";
  return ownerId !== null && userCan(holder, "update:market:own", { ownerId }) ? "allowed" : "forbidden";
}
