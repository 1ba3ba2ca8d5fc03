import { Link } from "react-router";
import { dashboardLinksFor, type DashboardLink } from "~/account/dashboard-pages";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/index";
import { access } from "~/http/access.server";
import { permissionHolder } from "~/auth/viewer";

const guard = access({ permission: "read:dashboard:own" });
export const middleware: Route.MiddlewareFunction[] = [guard];

export function loader({ context }: Route.LoaderArgs) {
  const { viewer } = guard.allowed(context);
  return { name: viewer.user.name, holder: permissionHolder(viewer) };
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, {
    title: t("dashboard.overview.title"),
    description: t("dashboard.overview.description"),
    path: "/dashboard",
    robots: "noindex,follow",
  });
}

function LinkCards({ links, headingLevel }: { links: DashboardLink[]; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {links.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            className="block h-full rounded-2xl border border-stone-300 bg-white p-4 text-stone-900 no-underline hover:border-emerald-800 hover:bg-emerald-50 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-50 dark:hover:border-emerald-300 dark:hover:bg-stone-800"
          >
            <Heading className="text-lg font-bold text-emerald-800 underline underline-offset-4 dark:text-emerald-300">{link.label}</Heading>
            <p className="mt-1 text-stone-700 dark:text-stone-300">{link.description}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function DashboardOverview({ loaderData }: Route.ComponentProps) {
  const { member, admin } = dashboardLinksFor(loaderData.holder);
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("dashboard.overview.heading", { name: loaderData.name })}</h1>
      <p className="mt-2 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t("dashboard.overview.intro")}</p>
      <p className="mt-4">
        <Link to="/opret-marked">{t("dashboard.overview.createMarket")}</Link>
      </p>
      <div className="mt-6">
        <LinkCards links={member} headingLevel={2} />
      </div>
      {admin.length ? (
        <section aria-labelledby="administration" className="mt-10">
          <h2 id="administration" className="text-2xl font-bold">
            {t("dashboard.overview.adminHeading")}
          </h2>
          <p className="mt-1 text-stone-700 dark:text-stone-300">{t("dashboard.overview.adminIntro")}</p>
          <div className="mt-4">
            <LinkCards links={admin} headingLevel={3} />
          </div>
        </section>
      ) : null}
    </>
  );
}
