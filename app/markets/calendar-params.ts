/**
 * The query of /kalender, both halves in one import for server code and tests: the links
 * (./calendar-links.ts, which browser code imports directly) and reading the query with zod
 * (./calendar-query.server.ts). Because of the second this module is server-only.
 */
export * from "./calendar-links";
export { calendarQuery, INVALID_DAY, INVALID_MONTH, parseCalendarParams, type CalendarParams } from "./calendar-query.server";
