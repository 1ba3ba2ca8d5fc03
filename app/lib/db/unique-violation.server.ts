/**
 * Whether a write failed because a unique index refused it: SQLite's SQLITE_CONSTRAINT_UNIQUE
 * (better-sqlite3) or PostgreSQL's unique_violation (23505). For a rule the database holds (one
 * open claim per market per person), so that two requests at once get the answer the check before
 * the write gives, never a 500.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}
