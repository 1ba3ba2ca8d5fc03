import { todayInDenmark, type LocalDate } from "~/lib/dates";

/** When a change happens: now, and the Danish date it falls on; tests pass both to fix the day. */
export interface Clock {
  now?: Date;
  today?: LocalDate;
}

export function clock({ now = new Date(), today }: Clock): { now: Date; today: LocalDate } {
  return { now, today: today ?? todayInDenmark(now) };
}
