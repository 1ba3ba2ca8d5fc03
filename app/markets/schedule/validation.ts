import { formatLongDanishDate, isLocalDate, isLocalTime } from "../../lib/dates";
import { t } from "../../lib/i18n";
import type { ScheduleSpec } from "../types";
import { validateOpeningHours } from "./opening-hours";
import { parseRule } from "./rules";

export const MAX_DURATION_DAYS = 14;
/** The longest column a note may fill (db/migrations/0002_markets.ts). */
const MAX_NOTE_LENGTH = 300;

export type ScheduleField = keyof ScheduleSpec;

/** One problem with a schedule, in Danish, for the field a form or the importer shows it by. */
export interface ScheduleIssue {
  field: ScheduleField;
  message: string;
}

/** A schedule that cannot be expanded; `issues` say why in Danish. */
export class ScheduleError extends Error {
  constructor(readonly issues: ScheduleIssue[]) {
    super(t("markets.schedule.unusable", { issues: issues.map((issue) => issue.message).join(" ") }));
    this.name = "ScheduleError";
  }
}

function timeToMinutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Every problem with a schedule, in Danish, by field; empty when it can be used. */
export function validateSchedule(spec: ScheduleSpec): ScheduleIssue[] {
  const issues: ScheduleIssue[] = [];
  const add = (field: ScheduleField, message: string) => issues.push({ field, message });
  if (spec.kind !== "dates" && spec.kind !== "rule" && spec.kind !== "opening_hours") {
    add("kind", t("markets.schedule.errors.kind"));
    return issues;
  }
  const startValid = isLocalDate(spec.startDate);
  if (!startValid) add("startDate", t("markets.schedule.errors.startDate"));
  if (spec.endDate !== null && spec.endDate !== undefined) {
    if (!isLocalDate(spec.endDate)) add("endDate", t("markets.schedule.errors.endDate"));
    else if (startValid && spec.endDate < spec.startDate) add("endDate", t("markets.schedule.errors.endBeforeStart"));
  }

  if (spec.kind === "opening_hours") {
    if (!spec.openingHours) add("openingHours", t("markets.schedule.errors.openingHoursMissing"));
    else for (const message of validateOpeningHours(spec.openingHours)) add("openingHours", message);
  } else {
    if (spec.kind === "rule") {
      const parsed = parseRule(spec.rrule ?? "");
      if ("error" in parsed) add("rrule", parsed.error);
    }
    const startTime = spec.startTime ?? "";
    const endTime = spec.endTime ?? "";
    if (startTime === "") add("startTime", t("markets.schedule.errors.startTimeMissing"));
    else if (!isLocalTime(startTime)) add("startTime", t("markets.schedule.errors.startTimeFormat"));
    if (endTime === "") add("endTime", t("markets.schedule.errors.endTimeMissing"));
    else if (!isLocalTime(endTime)) add("endTime", t("markets.schedule.errors.endTimeFormat"));
    else if (isLocalTime(startTime) && timeToMinutes(endTime) <= timeToMinutes(startTime)) {
      add("endTime", t("markets.schedule.errors.endBeforeStartTime"));
    }
    const duration = spec.durationDays ?? 1;
    if (!Number.isInteger(duration) || duration < 1 || duration > MAX_DURATION_DAYS) {
      add("durationDays", t("markets.schedule.errors.duration", { max: MAX_DURATION_DAYS }));
    }
  }

  const cancelled = spec.cancelled ?? [];
  if (!Array.isArray(cancelled)) {
    add("cancelled", t("markets.schedule.errors.cancelledUnreadable"));
    return issues;
  }
  const seen = new Set<string>();
  for (const entry of cancelled) {
    const date = (entry as { date?: unknown } | null)?.date;
    if (!isLocalDate(date)) {
      add("cancelled", t("markets.schedule.errors.cancelledDate", { date: String(date) }));
      continue;
    }
    if (seen.has(date)) add("cancelled", t("markets.schedule.errors.cancelledTwice", { date: formatLongDanishDate(date) }));
    seen.add(date);
    const note = entry.note;
    if (note !== undefined && note !== null && (typeof note !== "string" || note.length > MAX_NOTE_LENGTH)) {
      add("cancelled", t("markets.schedule.errors.cancelledNote", { max: MAX_NOTE_LENGTH }));
    }
  }
  return issues;
}
