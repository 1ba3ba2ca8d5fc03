/**
 * The query of /kalender, both halves in one import for server code and tests: the links
 * (./links.ts, which browser code imports directly) and reading the query with zod
 * (./query.server.ts). Because of the second this module is server-only.
 */
export * from "./links";
export { calendarQuery, INVALID_DAY, INVALID_MONTH, parseCalendarParams, type CalendarParams } from "./query.server";
