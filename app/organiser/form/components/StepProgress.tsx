import { Link } from "react-router";
import { t } from "~/lib/i18n";
import { STEP_SLUGS, stepIndex, type StepSlug } from "../form-steps";
import { STEP_TEXTS } from "./step-titles";

/**
 * "Trin 2 af 7" and the seven steps as an ordered list, the current one marked aria-current="step".
 * A step already reached is a link to it (`links`, by step); a step not reached yet is not. On a
 * phone the bars carry the names for screen readers only; from sm up they are written out.
 */
export function StepProgress({ current, links }: { current: StepSlug; links: Partial<Record<StepSlug, string>> }) {
  const at = stepIndex(current);
  return (
    <div className="mt-4">
      <p id="trin-status" className="text-sm font-semibold text-emerald-800 dark:text-emerald-300">
        {t("organiser.form.stepOf", { number: at + 1, count: STEP_SLUGS.length })}
      </p>
      <ol aria-label={t("organiser.form.progressLabel")} className="mt-1 grid grid-cols-7 gap-1.5">
        {STEP_SLUGS.map((step, index) => {
          const state = index < at ? "done" : index === at ? "current" : "later";
          const href = links[step];
          const content = (
            <>
              <span aria-hidden="true" className={`block h-1.5 rounded-full ${state === "later" ? "bg-stone-300 dark:bg-stone-700" : "bg-emerald-700 dark:bg-emerald-400"}`} />
              <span
                className={`sr-only sm:not-sr-only sm:mt-1.5 sm:block sm:text-xs sm:leading-tight ${
                  state === "current" ? "sm:font-semibold" : "sm:text-stone-700 sm:dark:text-stone-300"
                } ${href ? "sm:underline sm:decoration-stone-500 sm:underline-offset-2 sm:group-hover:text-emerald-800 sm:dark:group-hover:text-emerald-300" : ""}`}
              >
                {index + 1}. {STEP_TEXTS[step].title}
              </span>
            </>
          );
          // Room above and below the bar: on a phone the bar alone is what a finger presses.
          return (
            <li key={step} aria-current={state === "current" ? "step" : undefined} className="min-w-0">
              {href ? (
                <Link to={href} className="group block rounded py-2 text-inherit no-underline">
                  {content}
                </Link>
              ) : (
                <span className="block py-2">{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
