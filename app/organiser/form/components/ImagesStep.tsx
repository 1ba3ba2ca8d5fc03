import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/form-fields";
import { t } from "~/lib/i18n";
import type { StepActionData, StepPageData } from "../step-page";
import { ImageEditor } from "../../pictures/components/ManageImages";

/**
 * "Billeder": the same pictures and forms as on /manage-market/{id} (ImageEditor), posting to the
 * step, then the step's own buttons. Each picture's post saves at once (a new market's in its
 * draft, an edit's on the market by the trust rules), so "Gem og fortsæt" has nothing left to save.
 */
export function ImagesStep({ page, actionData }: { page: StepPageData; actionData: StepActionData | undefined }) {
  return (
    <div id="billeder" className="mt-6 grid gap-6">
      {page.images ? (
        <div>
          <ImageEditor action={page.action} section={page.images} reply={actionData} headingLevel={2} />
        </div>
      ) : null}
      <Form method="post" action={page.action}>
        <div className="flex flex-col gap-3 border-t border-stone-300 pt-5 sm:flex-row-reverse sm:justify-between dark:border-stone-700">
          <SubmitButton intent="videre" name="intent" value="videre" label={t("organiser.form.next")} pendingLabel={t("organiser.form.saving")} />
          <button type="submit" name="intent" value="tilbage" className={buttonClass("secondary")}>
            {t("organiser.form.back")}
          </button>
        </div>
      </Form>
      <p className="text-sm text-stone-700 dark:text-stone-300">{page.mode === "edit" ? t("organiser.form.imagesNoteEdit") : t("organiser.form.imagesNote")}</p>
    </div>
  );
}
