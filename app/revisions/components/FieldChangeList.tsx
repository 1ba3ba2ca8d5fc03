import { t } from "~/lib/i18n";
import type { FieldChange } from "../field-changes";

function Value({ text }: { text: string | null }) {
  if (text === null) return <span className="italic text-stone-700 dark:text-stone-300">{t("admin.review.changes.empty")}</span>;
  return <span className="whitespace-pre-line break-words">{text}</span>;
}

/**
 * An edit field by field: the name of the field, what it says now and what it will say. Stacked
 * on a phone, side by side from `sm` up; a list rather than a table, so a long description does
 * not make the page scroll sideways.
 */
/** The two sides of a change already made (applied or rejected): what the fields held before, and after. */
export const MADE_CHANGE_HEADINGS = { before: t("admin.review.changes.madeBefore"), after: t("admin.review.changes.madeAfter") };

export function FieldChangeList({
  changes,
  headings = { before: t("admin.review.changes.before"), after: t("admin.review.changes.after") },
}: {
  changes: FieldChange[];
  /** What the two sides are called: by default a change still to decide ("Nu", "Efter godkendelse"). */
  headings?: { before: string; after: string };
}) {
  return (
    <ul className="mt-4 divide-y divide-stone-200 rounded-2xl border border-stone-300 bg-white dark:divide-stone-700 dark:border-stone-700 dark:bg-stone-900">
      {changes.map((change) => (
        <li key={change.field} className="p-4">
          <h3 className="font-bold">{change.label}</h3>
          <dl className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div className="min-w-0 rounded-lg bg-red-50 p-3 dark:bg-red-950/60">
              <dt className="text-sm font-semibold text-red-900 dark:text-red-200">{headings.before}</dt>
              <dd className="mt-1">
                <Value text={change.before} />
              </dd>
            </div>
            <div className="min-w-0 rounded-lg bg-emerald-50 p-3 dark:bg-emerald-950/60">
              <dt className="text-sm font-semibold text-emerald-900 dark:text-emerald-200">{headings.after}</dt>
              <dd className="mt-1">
                <Value text={change.after} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
