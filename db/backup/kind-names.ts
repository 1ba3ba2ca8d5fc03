import type { DatabaseKind } from "../../app/lib/db/database.server";

/** Each kind of database as the messages name it. */
export const KIND_NAMES: Record<DatabaseKind, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };

/** A database address to print: a PostgreSQL address without its password. */
export function printableUrl(databaseUrl: string): string {
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) return databaseUrl;
  const url = new URL(databaseUrl);
  if (url.password) url.password = "****";
  return url.toString();
}
