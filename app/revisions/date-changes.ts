import type { LocalDate } from "~/lib/dates";
import { expandSchedule } from "../markets/schedule/expansion";
import type { ScheduleSpec } from "../markets/types";
import type { MarketSnapshot } from "./snapshot";

/*
 * A cancelled date, a restored one and an extra date go live at once (decision 0025), so they must also reach a
 * change that still waits for review: approving it writes its snapshot over the market, and a
 * snapshot without them would bring the cancelled date back or lose the extra one. These give a
 * snapshot with the date changed, found by the day its schedules open rather than by a schedule's
 * content, since the waiting change may have retimed or rewritten the schedule.
 */

function opensOn(spec: ScheduleSpec, date: LocalDate): boolean {
  try {
    return expandSchedule(spec, { from: date, to: date }).length > 0;
  } catch {
    // A schedule that does not validate opens on no day.
    return false;
  }
}

/** The snapshot with `date` cancelled in the schedule that opens on it; as it was when none does or it is cancelled already. */
export function withCancelledDate(snapshot: MarketSnapshot, date: LocalDate, note: string | null): MarketSnapshot {
  const index = snapshot.schedules.findIndex((spec) => opensOn(spec, date));
  if (index < 0 || snapshot.schedules[index]!.cancelled?.some((entry) => entry.date === date)) return snapshot;
  const schedules = snapshot.schedules.map((spec, i) => (i === index ? { ...spec, cancelled: [...(spec.cancelled ?? []), note ? { date, note } : { date }] } : spec));
  return { ...snapshot, schedules };
}

/** The snapshot with `date` cancelled for this reason, also when it is cancelled already (without one, or with another). */
export function withCancelNote(snapshot: MarketSnapshot, date: LocalDate, note: string): MarketSnapshot {
  const index = snapshot.schedules.findIndex((spec) => spec.cancelled?.some((entry) => entry.date === date));
  if (index < 0) return withCancelledDate(snapshot, date, note);
  const schedules = snapshot.schedules.map((spec, i) =>
    i === index ? { ...spec, cancelled: spec.cancelled!.map((entry) => (entry.date === date ? { date, note } : entry)) } : spec,
  );
  return { ...snapshot, schedules };
}

/** The snapshot with one more schedule of its own (an extra date); as it was when a schedule opens that day already. */
export function withExtraDate(snapshot: MarketSnapshot, extra: ScheduleSpec): MarketSnapshot {
  if (snapshot.schedules.some((spec) => opensOn(spec, extra.startDate))) return snapshot;
  return { ...snapshot, schedules: [...snapshot.schedules, extra] };
}

/** The snapshot with `date` no longer cancelled (its reason gone with it); as it was when it is not cancelled. */
export function withRestoredDate(snapshot: MarketSnapshot, date: LocalDate): MarketSnapshot {
  const index = snapshot.schedules.findIndex((spec) => spec.cancelled?.some((entry) => entry.date === date));
  if (index < 0) return snapshot;
  const schedules = snapshot.schedules.map((spec, i) => (i === index ? { ...spec, cancelled: spec.cancelled!.filter((entry) => entry.date !== date) } : spec));
  return { ...snapshot, schedules };
}
