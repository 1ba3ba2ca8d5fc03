import type { TargetColumn } from "./postgres-catalog.server";

/**
 * A value read from the source as the target's column takes it. The site's own tables store the
 * same on both databases (instants as ISO text, yes/no as 0 or 1 in integer columns), but the auth
 * library's tables do not: on SQLite it keeps a boolean as 0 or 1 and a date as ISO text, on
 * PostgreSQL in boolean and timestamptz columns (db/migrations/migrate.server.ts makes them with its
 * own types for each). An ISO text is a timestamptz as it is; a number there is milliseconds.
 */
export function toTargetValue(value: unknown, column: TargetColumn): unknown {
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case "boolean":
      if (typeof value === "boolean") return value;
      if (typeof value === "string") return ["1", "t", "true"].includes(value.toLowerCase());
      return Number(value) !== 0;
    case "timestamp with time zone":
      return typeof value === "number" ? new Date(value).toISOString() : value;
    case "json":
    case "jsonb":
      return typeof value === "string" ? value : JSON.stringify(value);
    default:
      return value;
  }
}
