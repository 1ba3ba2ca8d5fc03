import { z } from "zod";
import { danishDateField, optionalText } from "~/forms/fields";
import { t } from "~/lib/i18n";

/*
 * The forms of /manage-market/{id}: cancel one date or take the cancellation back, add an extra date. The server parses every
 * post with these; the page loads them only once someone starts on a form (use-schema-form.ts).
 */

/** The longest reason a cancelled date may have (market_schedules.cancelled, validation.ts). */
export const CANCEL_NOTE_MAX = 300;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

function clockField(messages: { required: string; invalid: string }) {
  return z.string({ error: messages.required }).trim().regex(CLOCK, { error: messages.invalid });
}

export const cancelDateSchema = z.object({
  date: danishDateField(),
  note: optionalText(CANCEL_NOTE_MAX, t("organiser.manage.cancel.noteTooLong", { max: CANCEL_NOTE_MAX })),
});

export type CancelDateFields = { date: string; note: string };

export const restoreDateSchema = z.object({ date: danishDateField() });

export const extraDateSchema = z
  .object({
    date: danishDateField({ required: t("organiser.manage.extraDate.dateRequired") }),
    startTime: clockField({ required: t("organiser.manage.extraDate.startRequired"), invalid: t("organiser.manage.extraDate.timeInvalid") }),
    endTime: clockField({ required: t("organiser.manage.extraDate.endRequired"), invalid: t("organiser.manage.extraDate.timeInvalid") }),
  })
  .superRefine((value, context) => {
    if (value.endTime <= value.startTime) context.addIssue({ code: "custom", path: ["endTime"], message: t("organiser.manage.extraDate.endBeforeStart") });
  });

export type ExtraDateFields = { date: string; startTime: string; endTime: string };

/** The "intent" each form of the page posts, so the one action knows which it is. */
export const MANAGE_INTENTS = {
  cancelDate: "cancel-date",
  restoreDate: "restore-date",
  addDate: "add-date",
  archive: "archive",
  restore: "restore",
} as const;

/** Each form's id: the <form>'s id, and the label on the server's reply to it. */
export const MANAGE_FORMS = {
  extraDate: "ekstra-dato",
  /** A cancellation whose date is not one the page lists (a bad date posted directly). */
  cancelAny: "aflys-dato",
  /** A post that is none of the forms. */
  unknown: "ukendt-formular",
} as const;

/** One listed date's row: a post about that date comes back to it, not to the top of the page. */
export function dateRowId(date: string): string {
  return `dato-${date}`;
}

/** The form of one listed date's "Aflys denne dato". */
export function cancelFormId(date: string): string {
  return `aflys-${date}`;
}

/** Shown with "?luk=ja": the second step of "Markedet er lukket", a page of its own so it needs no JavaScript. */
export const CONFIRM_ARCHIVE_PARAM = "luk";
