import { describe, expect, it } from "vitest";
import type { PermissionHolder } from "~/auth/permissions";
import { rolesOf } from "~/auth/roles";
import { DASHBOARD_LINKS, dashboardLinksFor } from "./dashboard-menu";

const account = (role: string, isAdmin = false): PermissionHolder => ({ id: "konto", roles: rolesOf({ isAdmin, role }) });
const VISITOR = account("visitor");
const SELLER = account("seller");
const ORGANIZER = account("organizer");
const ADMIN = account("visitor", true);

/** The admin pages as they were before permissions were data; the menu must keep them apart. */
const ADMIN_PAGES = [
  "/dashboard/admin",
  "/dashboard/admin/markeder",
  "/dashboard/admin/godkendelser",
  "/dashboard/admin/aendringer",
  "/dashboard/admin/brugere",
  "/dashboard/admin/community",
  "/dashboard/admin/beskeder",
  "/dashboard/admin/log",
  "/dashboard/admin/maalinger",
  "/dashboard/market-claims",
  "/dashboard/image-cleanup",
];

// That each link's permission is what its route declares: tests/integration/access.test.ts.
describe("the dashboard menu", () => {
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
