/**
 * What the organiser sees of the schedule being built: its Danish prose and the next dates. Made on
 * the server (schedule-preview.server.ts), where the date libraries are; the step page passes it to
 * ScheduleFields after a save, and with JavaScript the component asks the preview route as the
 * person types. This module is the shared contract, without code that would reach the bundle.
 */

export interface SchedulePreview {
  /** One sentence per stored schedule: "Hver anden lørdag og søndag fra maj til september kl. 10–15". */
  prose: string[];
  /** The next five openings from today: "Lørdag 12. juni 2027 kl. 10–16", "Lørdag 19. juni 2027 – aflyst". */
  nextDates: string[];
}

/** The preview route (app/routes/opret-marked/forhaandsvisning.ts); POST or GET the schedule's fields. */
export const SCHEDULE_PREVIEW_PATH = "/opret-marked/forhaandsvisning";

/**
 * The route's JSON: a preview; "incomplete" (200) while the fields cannot yet make a schedule, with
 * the first thing to fill in or put right (the messages at the fields come with the step's own
 * check); "limited" (429, Retry-After) past the rate limit.
 */
export type SchedulePreviewAnswer = { status: "ready"; preview: SchedulePreview } | { status: "incomplete"; problem: string | null } | { status: "limited" };
