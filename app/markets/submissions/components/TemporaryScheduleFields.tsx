import { TextField } from "~/forms/TextField";
import type { SchemaField } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";

/*
 * TEMPORARY, until the schedule builder's components/ScheduleFields.tsx is merged: one date with
 * its opening and closing time (temporary-schedule-choices.ts). Goes with the merge.
 */
export function ScheduleFields({ fields, firstInvalid }: { fields: Record<string, SchemaField>; firstInvalid?: string }) {
  return (
    <>
      <TextField field={fields.scheduleDate!} type="date" label={t("organiser.form.temporarySchedule.date")} autoFocus={firstInvalid === "scheduleDate"} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField field={fields.scheduleStart!} type="time" label={t("organiser.form.temporarySchedule.opens")} autoFocus={firstInvalid === "scheduleStart"} />
        <TextField field={fields.scheduleEnd!} type="time" label={t("organiser.form.temporarySchedule.closes")} autoFocus={firstInvalid === "scheduleEnd"} />
      </div>
    </>
  );
}
