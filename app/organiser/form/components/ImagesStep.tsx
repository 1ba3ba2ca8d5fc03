import { Form } from "react-router";
import { t } from "~/lib/i18n";
import type { StepActionData, StepPageData } from "../step-page";
import { ImageEditor } from "../../pictures/components/ManageImages";
import { StepButtons } from "./StepFieldsForm";

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
      <Form method="post" action={page.action} className="grid gap-6">
        <StepButtons page={page} stepNote={page.mode === "edit" ? t("organiser.form.imagesNoteEdit") : t("organiser.form.imagesNote")} />
      </Form>
    </div>
  );
}
