import { Refusal } from "../db/backup/refusal";

/**
 * Ends an operator's command that failed: its reason in Danish on stderr, and exit code 2 for a
 * wrong use or a refusal (nothing was changed), 1 for a failure while it worked.
 */
export function endWithFailure(error: unknown, doing: string): void {
  if (error instanceof Refusal) {
    console.error(error.message);
    process.exitCode = 2;
    return;
  }
  console.error(`${doing} mislykkedes: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

/** The command's arguments could not be read: how to use it, exit code 2. */
export function endWithUsage(usage: string, problem?: string): void {
  if (problem) console.error(problem);
  console.error(`Brug: ${usage}`);
  process.exitCode = 2;
}
