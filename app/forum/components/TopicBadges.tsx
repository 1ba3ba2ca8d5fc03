import { t } from "~/lib/i18n";

const BADGE = "rounded-full px-2 py-0.5 text-xs font-semibold";

/** Pinned, locked and demo, as small labels beside a topic's title. */
export function TopicBadges({ pinned, locked, demo }: { pinned: boolean; locked: boolean; demo: boolean }) {
  if (!pinned && !locked && !demo) return null;
  return (
    <span className="inline-flex flex-wrap gap-1 align-middle">
      {pinned ? <span className={`${BADGE} bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50`}>{t("forum.badges.pinned")}</span> : null}
      {locked ? <span className={`${BADGE} bg-stone-200 text-stone-900 dark:bg-stone-700 dark:text-stone-50`}>{t("forum.badges.locked")}</span> : null}
      {demo ? <span className={`${BADGE} bg-sky-100 text-sky-950 dark:bg-sky-900 dark:text-sky-50`}>{t("forum.badges.demo")}</span> : null}
    </span>
  );
}
