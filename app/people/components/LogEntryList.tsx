import { Link } from "react-router";
import { FactRow } from "~/components/ui/FactRow";
import { t } from "~/lib/i18n";
import type { LogEntryView } from "../log-views.server";

/** Entries of the admin log, newest first: the log page's and a person's page's. */
export function LogEntryList({ entries, label }: { entries: LogEntryView[]; label: string }) {
  return (
    <ol aria-label={label} className="grid grid-cols-1 gap-3">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-2xl border border-stone-300 bg-white p-4 dark:border-stone-700 dark:bg-stone-900">
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="font-semibold">{entry.kind}</span>
            <span className="text-sm text-stone-700 dark:text-stone-300">{entry.when}</span>
          </p>
          <dl className="mt-2 grid gap-1">
            <FactRow dense label={t("adminLog.entry.actor")}>
              {entry.actor.href ? <Link to={entry.actor.href}>{entry.actor.label}</Link> : entry.actor.label}
            </FactRow>
            <FactRow dense label={t("adminLog.entry.target")}>
              {entry.target.type}: {entry.target.href ? <Link to={entry.target.href}>{entry.target.label}</Link> : <span className="break-all">{entry.target.label}</span>}{" "}
              <Link to={entry.target.logHref} className="text-sm whitespace-nowrap">
                ({t("adminLog.filter.onlyThis")})
              </Link>
            </FactRow>
            <FactRow dense label={t("adminLog.entry.reason")}>
              {entry.reason ? (
                <span className="whitespace-pre-line">{entry.reason}</span>
              ) : (
                <span className="text-stone-700 dark:text-stone-300">{t("adminLog.entry.noReason")}</span>
              )}
            </FactRow>
            {entry.changes.length ? (
              <FactRow dense label={t("adminLog.entry.change")}>
                <ul>
                  {entry.changes.map((change) => (
                    <li key={change}>{change}</li>
                  ))}
                </ul>
              </FactRow>
            ) : null}
          </dl>
        </li>
      ))}
    </ol>
  );
}
