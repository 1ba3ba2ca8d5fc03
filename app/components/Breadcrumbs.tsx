import { Link } from "react-router";
import { t } from "~/lib/i18n";

/** The way back up: "Forside / Loppemarkeder / <this page>", on landing, market and content pages. */
export function Breadcrumbs({ trail, current }: { trail: { name: string; path: string }[]; current: string }) {
  return (
    <nav aria-label={t("content.breadcrumbs.label")} className="text-sm">
      <ol className="flex flex-wrap gap-1 text-stone-700 dark:text-stone-300">
        {trail.map((crumb) => (
          <li key={crumb.path}>
            <Link to={crumb.path}>{crumb.name}</Link> /
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
