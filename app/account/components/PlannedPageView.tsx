import { Link } from "react-router";
import { t } from "~/lib/i18n";

/** A signed-in page that a later issue builds: its heading, what will come, and the way back. */
export function PlannedPageView({ heading, body, back }: { heading: string; body: string; back: { to: string; label: string } }) {
  return (
    <article className="max-w-2xl">
      <h1 className="text-3xl font-bold sm:text-4xl">{heading}</h1>
      <p className="mt-4 text-lg text-stone-700 dark:text-stone-300">{body}</p>
      <p className="mt-6 rounded-lg border border-dashed border-stone-400 p-4 text-stone-700 dark:border-stone-600 dark:text-stone-300">{t("pages.planned.notice")}</p>
      <p className="mt-6">
        <Link to={back.to}>{back.label}</Link>
      </p>
    </article>
  );
}
