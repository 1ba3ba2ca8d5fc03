import { Form } from "react-router";
import { SubmitButton } from "~/components/ui/form-fields";
import { TextField } from "~/forms/TextField";
import { isReplyFor, replyMessage, useFocusFirstInvalid, useSchemaForm, type FormConstraint } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { cancelFormId, dateRowId, MANAGE_FORMS, MANAGE_INTENTS, type CancelDateFields, type ExtraDateFields } from "../manage-forms";
import type { DateRow } from "../owner-texts.server";
import { FormError, PanelSection } from "~/components/ui/panel-section";

/** The look of a small secondary button, for the part of a <summary> that says what opening it does. */
const summaryButton =
  "inline-flex items-center rounded-lg border border-stone-400 px-3 py-1.5 text-sm font-medium text-stone-900 group-hover:bg-stone-100 dark:border-stone-500 dark:text-stone-50 dark:group-hover:bg-stone-800";
const smallButton =
  "inline-flex cursor-pointer items-center rounded-lg border border-stone-400 px-3 py-1.5 text-sm font-medium text-stone-900 hover:bg-stone-100 dark:border-stone-500 dark:text-stone-50 dark:hover:bg-stone-800";

/** One coming date: its day and time, and behind "Aflys denne dato" (a <details>, so without JavaScript too) the reason and the button. */
function DateItem({ row, rowId, action, reply, constraint }: { row: DateRow; rowId?: string; action: string; reply: unknown; constraint: FormConstraint }) {
  const id = cancelFormId(row.date);
  const { form, fields, formProps } = useSchemaForm<CancelDateFields>({
    id,
    reply,
    constraint,
    schema: () => import("../manage-forms").then((module) => module.cancelDateSchema),
    defaultValue: { date: row.date },
  });
  const dateError = fields.date.errors?.[0] ?? form.errors?.[0];
  if (row.cancelled) {
    return (
      <li id={rowId} className="flex scroll-mt-4 flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
        <span className="text-stone-600 line-through dark:text-stone-400">{row.text}</span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <span className="rounded-full border border-red-700 bg-red-50 px-2.5 py-0.5 text-sm font-semibold break-words text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100">
            {row.cancelledText}
          </span>
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value={MANAGE_INTENTS.restoreDate} />
            <input type="hidden" name="date" value={row.date} />
            <button type="submit" className={smallButton}>
              {t("organiser.manage.restoreDate.submit")}
              <span className="sr-only">: {row.text}</span>
            </button>
          </Form>
        </span>
      </li>
    );
  }
  return (
    <li id={rowId} className="scroll-mt-4 py-2">
      <details open={isReplyFor(reply, id) || undefined}>
        <summary className="group flex cursor-pointer list-none flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg py-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 [&::-webkit-details-marker]:hidden">
          <span className="font-medium">{row.text}</span>
          <span className={summaryButton}>{t("organiser.manage.cancel.open")}</span>
        </summary>
        <Form method="post" action={action} {...formProps} className="mt-2 mb-2 grid gap-3 rounded-xl bg-stone-50 p-3 sm:ml-auto sm:max-w-md dark:bg-stone-800">
          <input type="hidden" name="intent" value={MANAGE_INTENTS.cancelDate} />
          <input type="hidden" name="date" value={row.date} />
          {dateError ? (
            <p role="alert" className="font-medium text-red-700 dark:text-red-300">
              {dateError}
            </p>
          ) : null}
          <TextField field={fields.note} id={`${id}-note`} label={t("organiser.manage.cancel.noteLabel")} hint={t("organiser.manage.cancel.noteHint")} autoComplete="off" />
          <div>
            <SubmitButton intent={MANAGE_INTENTS.cancelDate} variant="danger" label={t("organiser.manage.cancel.submit")} pendingLabel={t("organiser.manage.cancel.submitting")} />
          </div>
        </Form>
      </details>
    </li>
  );
}

function ExtraDateForm({ action, reply, constraint, suggestion }: { action: string; reply: unknown; constraint: FormConstraint; suggestion: ExtraDateSuggestion }) {
  const { fields, formProps } = useSchemaForm<ExtraDateFields>({
    id: MANAGE_FORMS.extraDate,
    reply,
    constraint,
    schema: () => import("../manage-forms").then((module) => module.extraDateSchema),
    defaultValue: { startTime: suggestion.startTime, endTime: suggestion.endTime },
  });
  const ids = { date: "ekstra-dato-dag", startTime: "ekstra-dato-aabner", endTime: "ekstra-dato-lukker" };
  const first = useFocusFirstInvalid(reply, [fields.date, fields.startTime, fields.endTime], (name) => ids[name as keyof typeof ids]);
  return (
    <div className="mt-6 border-t border-stone-300 pt-5 dark:border-stone-700">
      <h3 id="ekstra-dato-overskrift" className="text-lg font-bold">
        {t("organiser.manage.extraDate.heading")}
      </h3>
      <p className="mt-1 text-stone-700 dark:text-stone-300">{t("organiser.manage.extraDate.intro")}</p>
      <Form method="post" action={action} {...formProps} aria-labelledby="ekstra-dato-overskrift" className="mt-4 grid gap-4 sm:grid-cols-3 sm:items-start">
        <input type="hidden" name="intent" value={MANAGE_INTENTS.addDate} />
        <TextField
          field={fields.date}
          id={ids.date}
          type="date"
          min={suggestion.min}
          max={suggestion.max}
          label={t("organiser.manage.extraDate.dateLabel")}
          autoFocus={first === "date"}
        />
        <TextField field={fields.startTime} id={ids.startTime} type="time" label={t("organiser.manage.extraDate.startLabel")} autoFocus={first === "startTime"} />
        <TextField field={fields.endTime} id={ids.endTime} type="time" label={t("organiser.manage.extraDate.endLabel")} autoFocus={first === "endTime"} />
        <div className="sm:col-span-3">
          <SubmitButton intent={MANAGE_INTENTS.addDate} label={t("organiser.manage.extraDate.submit")} pendingLabel={t("organiser.manage.extraDate.submitting")} />
        </div>
      </Form>
    </div>
  );
}

export interface ExtraDateSuggestion {
  min: string;
  max: string;
  startTime: string;
  endTime: string;
}

export function ManageDates({
  action,
  dates,
  isShop,
  archived,
  reply,
  constraints,
  suggestion,
}: {
  action: string;
  dates: DateRow[];
  isShop: boolean;
  archived: boolean;
  reply: unknown;
  constraints: { cancel: FormConstraint; extraDate: FormConstraint };
  suggestion: ExtraDateSuggestion;
}) {
  // A cancellation of a date the list does not hold (posted directly, or gone since) is told here.
  const elsewhere = replyMessage(reply, MANAGE_FORMS.cancelAny, "date") ?? replyMessage(reply, MANAGE_FORMS.cancelAny);
  return (
    <PanelSection id="datoer" heading={t("organiser.manage.dates.heading")} intro={archived ? undefined : t("organiser.manage.dates.intro")}>
      <FormError message={elsewhere} />
      {archived ? (
        <p>{t("organiser.manage.dates.archived")}</p>
      ) : (
        <>
          {dates.length ? (
            <ul className="divide-y divide-stone-200 dark:divide-stone-700">
              {dates.map((row, index) => (
                // A day listed twice (two schedules) gets its row's id once.
                <DateItem
                  key={`${row.date}-${row.text}`}
                  row={row}
                  rowId={dates.findIndex((other) => other.date === row.date) === index ? dateRowId(row.date) : undefined}
                  action={action}
                  reply={reply}
                  constraint={constraints.cancel}
                />
              ))}
            </ul>
          ) : (
            <p>{isShop ? t("organiser.manage.dates.shop") : t("organiser.manage.dates.none")}</p>
          )}
          <ExtraDateForm action={action} reply={reply} constraint={constraints.extraDate} suggestion={suggestion} />
        </>
      )}
    </PanelSection>
  );
}
