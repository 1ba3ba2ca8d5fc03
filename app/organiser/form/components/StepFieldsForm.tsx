import { useEffect, useState, type FormEvent } from "react";
import { Form, Link, useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/form-fields";
import { isReplyFor, useFocusFirstInvalid, useSchemaForm, type SchemaField } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { FIRST_STEP, stepFormId } from "../form-steps";
import type { StepActionData, StepPageData } from "../step-page";
import { AboutFields } from "./AboutFields";
import { ContactFields } from "./ContactFields";
import { choiceId } from "./form-parts";
import { PlaceFields } from "./PlaceFields";
import { PracticalFields } from "./PracticalFields";
import { scheduleFormValues } from "../schedule-choice-specs";
import type { MarketType } from "../../../markets/types";
import { ScheduleFields } from "./ScheduleFields";

/** Fields that are groups of choices: a message about one sends the focus to its first choice. */
const FIRST_CHOICE: Record<string, string> = {
  type: choiceId("type", "flea_market"),
  entry: choiceId("entry", ""),
  facilities: choiceId("facilities", "toilets"),
  setting: choiceId("setting", ""),
};

/** The post of a step that went nowhere because the browser found errors: saved all the same, without moving on. */
function savedPost(form: HTMLFormElement): FormData {
  const formData = new FormData(form);
  formData.set("intent", "gem");
  return formData;
}

/**
 * One step of the market form (every step but "Se og send"): its fields, "Gem og fortsæt" and
 * "Tilbage". Without JavaScript a post saves the step and leads to the next one, or comes back with
 * the messages at the fields. With JavaScript the browser checks the step first; when it finds
 * something wrong the step is saved in the background all the same, so nothing typed is lost.
 * "Tilbage" is never held up by a check: it saves what is there and goes back.
 */
export function StepFieldsForm({ page, actionData }: { page: StepPageData; actionData: StepActionData | undefined }) {
  const { step } = page;
  const formId = stepFormId(step);
  const reply = isReplyFor(actionData, formId) ? actionData : page.reply;
  const fetcher = useFetcher<StepActionData>();
  // A new market's first save in the background makes its draft: later posts go to the draft's step.
  const [savedAction, setSavedAction] = useState<string | null>(null);
  const savedDraft = fetcher.data && "saved" in fetcher.data ? fetcher.data.draftId : null;
  useEffect(() => {
    if (savedDraft && !page.draftId) setSavedAction(`/opret-marked/${savedDraft}/${step}`);
  }, [savedDraft, page.draftId, step]);
  const action = savedAction ?? page.action;

  const { form, fields, formProps } = useSchemaForm<Record<string, string>>({
    id: formId,
    reply,
    constraint: page.constraint,
    schema: () => import("../step-schemas").then((module) => module.stepSchema(step)),
    defaultValue: page.values as Record<string, string>,
  });
  const all = fields as unknown as Record<string, SchemaField>;
  // The schedule's fields send the focus to their first message themselves (ScheduleFields).
  const firstInvalid = useFocusFirstInvalid(reply, step === "datoer-og-tider" ? [] : page.fieldNames.map((name) => all[name]!), (name) => FIRST_CHOICE[name] ?? name);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    // Going back is not held up by the checks.
    if (submitter?.getAttribute("value") === "tilbage") return;
    formProps.onSubmit(event);
    const checkOfOneField = submitter?.getAttribute("name") === "__intent__";
    if (event.defaultPrevented && !checkOfOneField && fetcher.state === "idle") {
      void fetcher.submit(savedPost(event.currentTarget), { method: "post", action });
    }
  }

  const stepProps = { fields: all, firstInvalid };
  return (
    <Form method="post" action={action} {...formProps} onSubmit={onSubmit} className="mt-6 grid gap-6">
      {form.errors?.length ? (
        <div role="alert" className="rounded-lg border border-red-700 bg-red-50 p-3 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50">
          {form.errors[0]}
        </div>
      ) : null}

      {step === "om-markedet" ? <AboutFields {...stepProps} /> : null}
      {step === "sted" && page.place ? <PlaceFields {...stepProps} towns={page.place.towns} map={page.place.map} /> : null}
      {step === "datoer-og-tider" ? (
        <>
          {page.schedule?.kept ? (
            <p className="rounded-lg border border-sky-700 bg-sky-50 p-3 text-sky-950 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-50">
              {t("organiser.form.schedulesKept", { schedules: page.schedule.kept })}
            </p>
          ) : null}
          <ScheduleFields
            values={scheduleFormValues(form.initialValue)}
            errors={form.allErrors}
            preview={page.schedule?.preview ?? null}
            marketType={page.marketType as MarketType | null}
            headingLevel={2}
          />
        </>
      ) : null}
      {step === "praktisk" ? <PracticalFields {...stepProps} /> : null}
      {step === "kontakt" ? <ContactFields {...stepProps} /> : null}

      <StepButtons page={page} first={step === FIRST_STEP} />
    </Form>
  );
}

/**
 * The step's buttons: "Gem og fortsæt" first (the button Enter presses in a field), shown to the
 * right of "Tilbage" from sm up. A step opened on its own saves and goes back to where it was
 * opened from (an edit opened from the control panel is sent as it is saved), and "Annuller" leads
 * back without saving. `stepNote`: what the step says about saving instead of the form's note.
 */
export function StepButtons({ page, first = false, stepNote }: { page: StepPageData; first?: boolean; stepNote?: string }) {
  const back = page.returnTo;
  const label = !back ? t("organiser.form.next") : back.sends ? t("organiser.form.review.sendEdit") : t("organiser.form.saveAndReturn");
  const note = !back
    ? (stepNote ?? (page.mode === "edit" ? t("organiser.form.savedNoteEdit") : t("organiser.form.savedNote")))
    : back.sends
      ? back.publishesAtOnce
        ? t("organiser.form.review.editAtOnce")
        : t("organiser.form.review.editReviewed")
      : t("organiser.form.returnNote");
  return (
    <>
      <div className="mt-2 flex flex-col gap-3 border-t border-stone-300 pt-5 sm:flex-row-reverse sm:justify-between dark:border-stone-700">
        <SubmitButton intent="videre" name="intent" value="videre" label={label} pendingLabel={t("organiser.form.saving")} />
        {back ? (
          <Link to={back.href} className={buttonClass("secondary")}>
            {t("organiser.form.cancel")}
          </Link>
        ) : first ? null : (
          <button type="submit" name="intent" value="tilbage" formNoValidate className={buttonClass("secondary")}>
            {t("organiser.form.back")}
          </button>
        )}
      </div>
      <p className="text-sm text-stone-700 dark:text-stone-300">{note}</p>
    </>
  );
}
