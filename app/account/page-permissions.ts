import { matchPath } from "react-router";
import type { Permission } from "~/auth/permissions";

/** A signed-in page (SPEC §2 "Login-required routes") and the permission that opens it. */
export interface GuardedPage {
  /** The route's path as app/routes.ts spells it, with its leading slash. */
  pattern: string;
  permission: Permission;
}

/**
 * Every signed-in page, declared once: the guards (guard.server.ts) let in who holds the
 * permission, the dashboard menu lists the pages a person may open, and the admin group of the
 * menu is the pages whose permission reaches everyone's things (`:any`).
 *
 * A page about one thing (a market, a post) names the `:own` permission and its loader hands the
 * guard that thing, so the owner and an `:any` holder get in and anyone else gets 403. Until such a
 * page is built it shows a placeholder to every account and passes no thing.
 */
export const PAGE_PERMISSIONS: readonly GuardedPage[] = [
  { pattern: "/dashboard", permission: "read:dashboard:own" },
  { pattern: "/dashboard/mine-markeder", permission: "read:dashboard:own" },
  { pattern: "/dashboard/mine-markeder/edit/:id", permission: "update:market:own" },
  { pattern: "/dashboard/aktivitet", permission: "read:dashboard:own" },
  { pattern: "/dashboard/gemte-markeder", permission: "save:market" },
  { pattern: "/dashboard/community", permission: "read:dashboard:own" },
  { pattern: "/dashboard/community/discussions", permission: "read:dashboard:own" },
  { pattern: "/dashboard/community/new", permission: "post:forum" },
  { pattern: "/dashboard/community/edit/:postId", permission: "update:post:own" },
  { pattern: "/dashboard/indstillinger", permission: "read:dashboard:own" },
  { pattern: "/dashboard/indstillinger/mine-data", permission: "read:dashboard:own" },
  { pattern: "/dashboard/admin", permission: "read:dashboard:any" },
  { pattern: "/dashboard/admin/godkendelser", permission: "moderate:market:any" },
  { pattern: "/dashboard/admin/godkendelser/:id", permission: "moderate:market:any" },
  { pattern: "/dashboard/admin/maalinger", permission: "read:measurements:any" },
  { pattern: "/dashboard/market-claims", permission: "moderate:claim:any" },
  { pattern: "/dashboard/image-cleanup", permission: "delete:image:any" },
  { pattern: "/opret-marked", permission: "create:market" },
  { pattern: "/opret-marked/sendt/:id", permission: "create:market" },
  { pattern: "/opret-marked/forhaandsvisning", permission: "create:market" },
  { pattern: "/opret-marked/:draftId", permission: "create:market" },
  { pattern: "/opret-marked/:draftId/:step", permission: "create:market" },
  { pattern: "/community/new", permission: "post:forum" },
  { pattern: "/manage-market/:id", permission: "update:market:own" },
  { pattern: "/markeder/:slug/ejerskab", permission: "claim:market" },
];

/**
 * The path as the router matches it: each segment decoded, an encoded slash kept encoded. Then
 * /dashboard/%61dmin is guarded as the admin page the router sends it to, not as an unknown page.
 */
function routedPath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

/** The declared page this path opens, or null when none is declared (the guard then refuses). */
export function guardedPage(pathname: string): GuardedPage | null {
  const path = routedPath(pathname);
  return PAGE_PERMISSIONS.find((page) => matchPath(page.pattern, path)) ?? null;
}
