import { z } from "zod";
import { danishDateField } from "~/forms/fields";
import { t } from "~/lib/i18n";
import type { ScheduleSpec } from "../types";

/*
 * TEMPORARY, until the schedule builder (schedule-choices.ts and components/ScheduleFields.tsx)
 * is merged: one date with an opening and a closing time, so the other steps can be built and
 * tested. The names below are the contract the step form uses; this file goes with the merge.
 */

const time = z
  .string({ error: t("markets.schedule.errors.startTimeMissing") })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: t("markets.schedule.errors.startTimeFormat") });

export const scheduleChoicesSchema = z.object({
  scheduleDate: danishDateField({ required: t("markets.schedule.errors.startDate") }),
  scheduleStart: time,
  scheduleEnd: z
    .string({ error: t("markets.schedule.errors.endTimeMissing") })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: t("markets.schedule.errors.endTimeFormat") }),
});

export type ScheduleChoices = z.output<typeof scheduleChoicesSchema>;

export function schedulesFromChoices(choices: ScheduleChoices): ScheduleSpec[] {
  return [{ kind: "dates", startDate: choices.scheduleDate, startTime: choices.scheduleStart, endTime: choices.scheduleEnd, durationDays: 1 }];
}

export function choicesFromSchedules(schedules: ScheduleSpec[]): Record<string, string> {
  const first = schedules[0];
  if (!first) return {};
  return { scheduleDate: first.startDate, scheduleStart: first.startTime ?? "", scheduleEnd: first.endTime ?? "" };
}
