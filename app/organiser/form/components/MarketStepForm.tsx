import { t } from "~/lib/i18n";
import { IMAGES_STEP, REVIEW_STEP } from "../form-steps";
import type { StepActionData, StepPageData } from "../step-page";
import { ImagesStep } from "./ImagesStep";
import { ReviewStep } from "./ReviewStep";
import { StepFieldsForm } from "./StepFieldsForm";
import { StepProgress } from "./StepProgress";
import { STEP_TEXTS } from "./step-titles";

/** A step of the market form: whose market and the step's name as the page's heading, the progress, and the step. */
export function MarketStepForm({ page, actionData }: { page: StepPageData; actionData: StepActionData | undefined }) {
  const texts = STEP_TEXTS[page.step];
  const review = page.step === REVIEW_STEP;
  return (
    <div className={review ? "max-w-5xl" : "max-w-2xl"}>
      {/* Whose form is part of the heading ("Opret et marked: Sted"), so every step of every market's form has a heading of its own. */}
      <h1 className="text-3xl font-bold sm:text-4xl">
        <span className="block text-base font-medium text-stone-700 dark:text-stone-300">
          {page.mode === "edit" ? t("organiser.form.editEyebrow", { name: page.marketName ?? "" }) : t("organiser.form.createEyebrow")}
          <span className="sr-only">:</span>
        </span>{" "}
        <span className="mt-1 block">{texts.title}</span>
      </h1>
      <StepProgress current={page.step} links={page.stepLinks} />
      <p className="mt-5 text-lg text-stone-800 dark:text-stone-200">{texts.intro}</p>
      {review ? (
        <ReviewStep page={page} actionData={actionData} />
      ) : page.step === IMAGES_STEP ? (
        <ImagesStep page={page} actionData={actionData} />
      ) : (
        <StepFieldsForm page={page} actionData={actionData} />
      )}
    </div>
  );
}
