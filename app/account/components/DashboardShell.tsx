import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import type { Role } from "~/auth/roles";
import { t } from "~/lib/i18n";
import { dashboardLinksFor, type DashboardLink } from "../dashboard-menu";

export interface DashboardViewer {
  /** The id and roles decide which pages the menu offers (app/auth/permissions.ts). */
  id: string;
  roles: Role[];
  name: string;
  email: string;
  avatar: { src: string; srcSet: string } | null;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded-md px-2.5 py-1.5 font-medium no-underline lg:px-3 lg:py-2 hover:bg-stone-200 dark:hover:bg-stone-800 ${
    isActive ? "bg-emerald-50 text-emerald-900 underline decoration-2 underline-offset-4 dark:bg-emerald-950 dark:text-emerald-200" : ""
  }`;

function LinkList({ links, label }: { links: DashboardLink[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1 lg:flex-col">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end className={linkClass}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function Avatar({ viewer, size }: { viewer: DashboardViewer; size: "small" | "large" }) {
  const dimension = size === "small" ? 48 : 96;
  const classes = size === "small" ? "size-12 text-xl" : "size-24 text-4xl";
  if (viewer.avatar) {
    return (
      <img
        src={viewer.avatar.src}
        srcSet={viewer.avatar.srcSet}
        sizes={`${dimension}px`}
        width={dimension}
        height={dimension}
        alt=""
        className={`${classes} shrink-0 rounded-full object-cover`}
      />
    );
  }
  return (
    <span aria-hidden="true" className={`${classes} grid shrink-0 place-items-center rounded-full bg-emerald-800 font-bold text-white dark:bg-emerald-300 dark:text-stone-950`}>
      {viewer.name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}

/**
 * Who is signed in and the way around /dashboard: a column beside the page on wide screens, rows
 * that wrap above it on a phone, so that every page's name shows whole. Only the pages the viewer
 * may open are listed; their loaders check the permission anyway.
 */
export function DashboardShell({ viewer, children }: { viewer: DashboardViewer; children: ReactNode }) {
  const { member, admin } = dashboardLinksFor(viewer);
  const overview: DashboardLink = { to: "/dashboard", permission: "read:dashboard:own", label: t("dashboard.nav.overview"), description: "" };
  return (
    <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
      <aside className="min-w-0">
        <div className="flex items-center gap-3">
          <Avatar viewer={viewer} size="small" />
          <div className="min-w-0 flex-1">
            <p className="text-sm text-stone-700 dark:text-stone-300">{t("dashboard.nav.signedInAs")}</p>
            <p className="truncate font-semibold">{viewer.name}</p>
          </div>
          {/* On a phone "Log ud" sits beside the name; on a wide screen under the menu. */}
          <Link to="/sign-out" className="shrink-0 lg:hidden">
            {t("dashboard.nav.signOut")}
          </Link>
        </div>
        <nav aria-label={t("dashboard.nav.label")} className="mt-4 grid grid-cols-1 gap-3">
          <LinkList links={[overview, ...member]} label={t("dashboard.nav.memberGroup")} />
          {admin.length ? (
            <div>
              <p className="px-3 text-sm font-semibold uppercase tracking-wide text-stone-700 dark:text-stone-300">{t("dashboard.nav.adminGroup")}</p>
              <LinkList links={admin} label={t("dashboard.nav.adminGroup")} />
            </div>
          ) : null}
        </nav>
        <p className="mt-4 hidden px-3 lg:block">
          <Link to="/sign-out">{t("dashboard.nav.signOut")}</Link>
        </p>
      </aside>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
