/**
 * The filters in the URL, both halves in one import for server code and tests: writing a query
 * (./filter-form.ts, which browser code imports directly) and reading it with zod
 * (./filter-query.server.ts). Because of the second this module is server-only: a component or a
 * route's default export must import ./filter-form.ts, or the build refuses the ".server" import.
 */
export * from "./filter-form";
export { filterQuery, parseFilterParams, type ParsedFilters } from "./filter-query.server";
