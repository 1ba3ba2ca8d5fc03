import { t } from "~/lib/i18n";

const KIND_LABELS = { submission: t("admin.review.kinds.submission"), edit: t("admin.review.kinds.edit") };

/** "Nyt marked" or "Ændring": what kind of change waits. */
export function KindBadge({ kind }: { kind: "submission" | "edit" }) {
  const look = kind === "submission" ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200" : "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200";
  return <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${look}`}>{KIND_LABELS[kind]}</span>;
}

/** A market without coordinates is on no map and in no "near me" list: the reviewer should add them or ask. */
export function MissingCoordinatesNote({ compact = false, className = "" }: { compact?: boolean; className?: string }) {
  return (
    <p className={`rounded-lg border border-amber-600 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50 ${className}`}>
      <span className="font-semibold">{t("admin.review.noCoordinates.title")}</span>
      {compact ? null : <> {t("admin.review.noCoordinates.body")}</>}
    </p>
  );
}
