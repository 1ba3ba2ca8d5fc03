import { fieldClass, labelClass } from "~/components/ui/form-fields";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { FORUM_SEARCH_PATH, SEARCH_PARAM } from "../paths";

/** At most this many characters of a search are read (the search itself uses its first 8 words). */
export const FORUM_QUERY_MAX = 100;

/** The forum's search box: a plain GET to /community/soeg, also without JavaScript. */
export function ForumSearchForm({ query = "", id = "forum-soeg" }: { query?: string; id?: string }) {
  return (
    <form method="get" action={FORUM_SEARCH_PATH} role="search" className="grid gap-2">
      <label htmlFor={id} className={labelClass}>
        {t("forum.search.label")}
      </label>
      <div className="flex gap-2">
        <input id={id} name={SEARCH_PARAM} type="search" defaultValue={query} maxLength={FORUM_QUERY_MAX} className={`${fieldClass} mt-0 min-w-0 flex-1`} />
        <button type="submit" className={buttonClass()}>
          {t("forum.search.button")}
        </button>
      </div>
    </form>
  );
}
