import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/form-fields";
import { t } from "~/lib/i18n";
import { ClaimPrompt } from "../../../claims/components/ClaimPrompt";
import { MarketPage } from "../../../market-page/components/MarketPage";
import type { StepActionData, StepPageData } from "../step-page";
import { STEP_TEXTS } from "./step-titles";

const SEND_ERROR_ID = "send-fejl";

/**
 * "Se og send": what is still missing (each with a link to its step), a link to each step (opened
 * on its own, it comes back here once saved), a published market with the
 * same name and postal code if there is one (with "Er det dit marked?" when nobody owns it), the
 * market page exactly as it will look, and the send button with its message (the daily limit)
 * right at it.
 */
export function ReviewStep({ page, actionData }: { page: StepPageData; actionData: StepActionData | undefined }) {
  const review = page.review!;
  const sendError = actionData && "sendError" in actionData ? actionData.sendError : null;
  const edit = page.mode === "edit";
  return (
    <div className="mt-6 grid gap-8">
      {review.missing.length ? (
        <section aria-labelledby="mangler" className="rounded-xl border border-amber-600 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
          <h2 id="mangler" className="text-xl font-bold">
            {t("organiser.form.review.missingHeading")}
          </h2>
          <p className="mt-1">{t("organiser.form.review.missingIntro")}</p>
          <ul className="mt-3 grid gap-2">
            {review.missing.map((item) => (
              <li key={`${item.step}:${item.message}`}>
                <span className="font-semibold">{STEP_TEXTS[item.step].title}:</span> {item.message}{" "}
                <Link to={item.href} className="whitespace-nowrap text-inherit underline">
                  {t("organiser.form.review.fix", { step: STEP_TEXTS[item.step].title.toLowerCase() })}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {review.namesake ? (
        <section aria-labelledby="findes-allerede" className="rounded-xl border border-sky-700 bg-sky-50 p-4 text-sky-950 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-50">
          <h2 id="findes-allerede" className="text-xl font-bold">
            {t("organiser.form.review.namesakeHeading")}
          </h2>
          <p className="mt-1">
            {t("organiser.form.review.namesake")}{" "}
            <Link to={review.namesake.href} className="font-semibold text-inherit underline">
              {review.namesake.name}
            </Link>
          </p>
          <p className="mt-1">{edit ? t("organiser.form.review.namesakeEdit") : t("organiser.form.review.namesakeNew")}</p>
          {/* A market nobody runs on the site yet: the person sending may be the one to take it over rather than send it again. */}
          {review.namesake.hasOwner ? null : <ClaimPrompt slug={review.namesake.slug} hasOwner={false} status="published" />}
        </section>
      ) : null}

      <nav aria-labelledby="ret-dele">
        <h2 id="ret-dele" className="text-xl font-bold">
          {t("organiser.form.review.sectionsHeading")}
        </h2>
        <p className="mt-1">{t("organiser.form.review.sectionsIntro")}</p>
        <ul className="mt-3 flex flex-wrap gap-2">
          {review.sections.map((section) => (
            <li key={section.step}>
              <Link to={section.href} className={`${buttonClass("secondary")} text-sm`}>
                {STEP_TEXTS[section.step].title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="forhaandsvisning">
        <h2 id="forhaandsvisning" className="text-xl font-bold">
          {t("organiser.form.review.previewHeading")}
        </h2>
        {review.preview ? (
          <div className="mt-3 rounded-2xl border-2 border-dashed border-stone-400 p-4 sm:p-6 dark:border-stone-600">
            <MarketPage data={review.preview} preview />
          </div>
        ) : (
          <p className="mt-2">{t("organiser.form.review.previewUnavailable")}</p>
        )}
      </section>

      <Form method="post" action={page.action} className="grid gap-4 border-t border-stone-300 pt-5 dark:border-stone-700">
        <p>
          {edit
            ? review.publishesAtOnce
              ? t("organiser.form.review.editAtOnce")
              : t("organiser.form.review.editReviewed")
            : review.publishesAtOnce
              ? t("organiser.form.review.newAtOnce")
              : t("organiser.form.review.newReviewed")}
        </p>
        {sendError ? (
          <p
            id={SEND_ERROR_ID}
            role="alert"
            className="rounded-lg border border-red-700 bg-red-50 p-3 font-medium text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50"
          >
            {sendError}
          </p>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-between">
          <SubmitButton
            intent="send"
            name="intent"
            value="send"
            label={edit ? t("organiser.form.review.sendEdit") : t("organiser.form.review.send")}
            pendingLabel={t("organiser.form.review.sending")}
            aria-describedby={sendError ? SEND_ERROR_ID : undefined}
          />
          {review.returnTo ? (
            <Link to={review.returnTo} className={buttonClass("secondary")}>
              {t("organiser.form.cancel")}
            </Link>
          ) : (
            <button type="submit" name="intent" value="tilbage" className={buttonClass("secondary")}>
              {t("organiser.form.back")}
            </button>
          )}
        </div>
      </Form>
    </div>
  );
}
