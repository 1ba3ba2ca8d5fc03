import type { LocalDate, LocalTime, Weekday } from "../../markets/types";
import { CHOICE_WEEKDAYS, MONTH_ORDINALS } from "./choice-calendar";

/*
 * The shapes and limits of the schedule choices (schedule-choices.ts has the fields and the
 * schema). Apart from the schema so that the component can use them without bringing zod into the
 * page's own JavaScript (decision 0018).
 */

export const SCHEDULE_KINDS = ["dato", "datoer", "dage", "regel", "aabningstider"] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

export type MonthOrdinal = (typeof MONTH_ORDINALS)[number];

export const CHOICE_LIMITS = {
  /** Rows of "Flere datoer". */
  dates: 60,
  /** Days of "Flere dage i træk" (the longest a market may last, app/markets/schedule/validation.ts). */
  days: 14,
  cancelled: 60,
  /** A cancellation's note (the column's limit, validation.ts). */
  note: 300,
} as const;

/** What a post of the schedule's fields may weigh: sixty dates, or sixty cancellations with their reasons, fit well within it. */
export const SCHEDULE_FORM_MAX_BYTES = 64 * 1024;

export { CHOICE_WEEKDAYS, MONTH_ORDINALS };

/* ---- What the schema gives ---- */

export interface HoursChoice {
  aabner: LocalTime;
  lukker: LocalTime;
}

export interface DateChoice extends HoursChoice {
  dato: LocalDate;
}

interface RuleCommon extends HoursChoice {
  /** First and last month of the season, or null for all year. */
  saeson: { fra: number; til: number } | null;
  fra: LocalDate;
  til: LocalDate | null;
  aflyst: { dato: LocalDate; note: string | null }[];
}

export type RuleChoice =
  (RuleCommon & { gentagelse: "uge"; interval: 1 | 2; ugedage: Weekday[] }) | (RuleCommon & { gentagelse: "maaned"; numre: MonthOrdinal[]; ugedag: Weekday });

export interface WeekChoice {
  fra: LocalDate | null;
  /** Each day's hours; null is closed. "24:00" is midnight. */
  dage: Record<Weekday, HoursChoice | null>;
}

export type ScheduleChoices =
  | { tidsplan: "dato"; enkelt: DateChoice }
  | { tidsplan: "datoer"; datoer: DateChoice[] }
  | { tidsplan: "dage"; dage: { fra: LocalDate; tider: HoursChoice[] } }
  | { tidsplan: "regel"; regel: RuleChoice }
  | { tidsplan: "aabningstider"; aabningstider: WeekChoice };

/* ---- What the form holds: text as typed (Conform's values, a draft, choicesFromSchedules) ---- */

export interface HoursValues {
  aabner?: string;
  lukker?: string;
}

export interface DateValues extends HoursValues {
  dato?: string;
}

export interface ScheduleFormValues {
  tidsplan?: string;
  enkelt?: DateValues;
  datoer?: DateValues[];
  dage?: { fra?: string; tider?: HoursValues[] };
  regel?: {
    gentagelse?: string;
    interval?: string;
    /** A checkbox group: one checked box comes back from a form as a string. */
    ugedage?: string | string[];
    numre?: string | string[];
    ugedag?: string;
    saesonFra?: string;
    saesonTil?: string;
    fra?: string;
    til?: string;
    aabner?: string;
    lukker?: string;
    aflyst?: { dato?: string; note?: string }[];
  };
  aabningstider?: { fra?: string } & Partial<Record<Weekday, HoursValues & { lukket?: string }>>;
}
