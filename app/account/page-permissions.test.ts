import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { userCan, type PermissionHolder } from "~/auth/permissions";
import { rolesOf } from "~/auth/roles";
import routes from "~/routes";
import { DASHBOARD_LINKS, dashboardLinksFor } from "./dashboard-pages";
import { PAGE_PERMISSIONS, guardedPage } from "./page-permissions";

/** The route modules of signed-in pages outside /dashboard. */
const SIGNED_IN_FILES = ["routes/guarded-planned.tsx", "routes/manage-market/$id.tsx", "routes/markeder/$slug/ejerskab.tsx"];

/** The signed-in pages of app/routes.ts: everything under /dashboard and /opret-marked, and the guarded pages outside them. */
function signedInPatterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent || "/";
    const isPage = entry.path !== undefined || entry.index;
    const signedIn =
      own === "/dashboard" || own.startsWith("/dashboard/") || own === "/opret-marked" || own.startsWith("/opret-marked/") || SIGNED_IN_FILES.includes(entry.file);
    return [...(isPage && signedIn ? [own] : []), ...signedInPatterns(entry.children ?? [], own)];
  });
}

const account = (role: string, isAdmin = false): PermissionHolder => ({ id: "konto", roles: rolesOf({ isAdmin, role }) });
const VISITOR = account("visitor");
const SELLER = account("seller");
const ORGANIZER = account("organizer");
const ADMIN = account("visitor", true);

/** The admin pages as they were before permissions were data; the menu must keep them apart. */
const ADMIN_PAGES = ["/dashboard/admin", "/dashboard/admin/godkendelser", "/dashboard/admin/maalinger", "/dashboard/market-claims", "/dashboard/image-cleanup"];
/** Admin pages about one thing, which the menu does not list. */
const ADMIN_ITEM_PAGES = ["/dashboard/admin/godkendelser/:id"];

describe("the declaration of signed-in pages", () => {
  it("declares every signed-in route of app/routes.ts once, and nothing else", () => {
    const declared = PAGE_PERMISSIONS.map((page) => page.pattern);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual([...new Set(signedInPatterns(routes))].sort());
  });

  it("keeps today's access: every account opens the member pages, only admins the admin pages", () => {
    for (const page of PAGE_PERMISSIONS) {
      const adminOnly = [...ADMIN_PAGES, ...ADMIN_ITEM_PAGES].includes(page.pattern);
      for (const holder of [VISITOR, SELLER, ORGANIZER]) expect(userCan(holder, page.permission), `${page.pattern} ${holder.roles}`).toBe(!adminOnly);
      expect(userCan(ADMIN, page.permission), page.pattern).toBe(true);
    }
  });

  it("finds a page by its path, with ids, a trailing slash and letters in another case", () => {
    expect(guardedPage("/dashboard/admin/maalinger")?.permission).toBe("read:measurements:any");
    expect(guardedPage("/dashboard/admin/")?.permission).toBe("read:dashboard:any");
    expect(guardedPage("/dashboard/admin/godkendelser/7d7c1a52-2f3e-4d3b-9a43-1f7c3c1f2b10")?.permission).toBe("moderate:market:any");
    expect(guardedPage("/Dashboard/Market-Claims")?.permission).toBe("moderate:claim:any");
    expect(guardedPage("/manage-market/7d7c1a52-2f3e-4d3b-9a43-1f7c3c1f2b10")?.permission).toBe("update:market:own");
    expect(guardedPage("/dashboard/findes-ikke")).toBeNull();
  });

  it("decodes the path as the router does, so an encoded letter cannot reach an admin page undeclared", () => {
    expect(guardedPage("/dashboard/%61dmin")?.permission).toBe("read:dashboard:any");
    expect(guardedPage("/dashboard/admin/maalinge%72")?.permission).toBe("read:measurements:any");
    // An encoded slash stays inside its segment for the router too: no page is there.
    expect(guardedPage("/dashboard/admin%2Fmaalinger")).toBeNull();
    expect(guardedPage("/dashboard/%E0%A4%A")).toBeNull();
  });
});

describe("the dashboard menu", () => {
  it("links only to declared pages", () => {
    for (const link of DASHBOARD_LINKS) expect(guardedPage(link.to), link.to).not.toBeNull();
  });

  it.each([
    ["visitor", VISITOR],
    ["seller", SELLER],
    ["organizer", ORGANIZER],
  ])("shows a %s their own pages and no administration", (_name, holder) => {
    const { member, admin } = dashboardLinksFor(holder);
    expect(member.map((link) => link.to)).toEqual(DASHBOARD_LINKS.map((link) => link.to).filter((to) => !ADMIN_PAGES.includes(to)));
    expect(admin).toEqual([]);
  });

  it("shows an admin the same pages, and the admin pages in a group of their own", () => {
    const { member, admin } = dashboardLinksFor(ADMIN);
    expect(member).toEqual(dashboardLinksFor(VISITOR).member);
    expect(admin.map((link) => link.to)).toEqual(ADMIN_PAGES);
  });
});
