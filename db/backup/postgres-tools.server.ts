import { spawn, type ChildProcess } from "node:child_process";

/** PostgreSQL's own programs the backups use; Debian's postgresql-client puts them in /usr/bin. */
export type PostgresTool = "pg_dump" | "pg_restore" | "psql";

export class PostgresToolMissingError extends Error {
  override readonly name = "PostgresToolMissingError";
  constructor(tool: PostgresTool) {
    super(
      `${tool} findes ikke på denne maskine. Sikkerhedskopier af PostgreSQL tages og gendannes med PostgreSQL's egne programmer: ` +
        "installér klientprogrammerne i samme hovedversion som serveren (Debian: apt-get install postgresql-client), eller læg dem i PATH.",
    );
  }
}

/**
 * How a tool reaches the database: the address as --dbname, its password moved to PGPASSWORD, so
 * that it is not shown to every user of the machine in the list of processes.
 */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  if (!url.password) return { dbname: databaseUrl, env: process.env };
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { dbname: url.toString(), env: { ...process.env, PGPASSWORD: password } };
}

/** A running tool, and the end of its run: resolves when it exits with 0, rejects with what it wrote to stderr. */
export interface ToolRun {
  process: ChildProcess;
  done: Promise<void>;
}

/** Starts a tool on the database; stdout is a pipe when asked for, else ignored, like stdin. */
export function startPostgresTool(tool: PostgresTool, args: readonly string[], databaseUrl: string | null, pipes: { stdin?: boolean; stdout?: boolean } = {}): ToolRun {
  const target = databaseUrl ? connection(databaseUrl) : { dbname: null, env: process.env };
  const child = spawn(tool, [...args, ...(target.dbname ? [`--dbname=${target.dbname}`] : [])], {
    env: target.env,
    stdio: [pipes.stdin ? "pipe" : "ignore", pipes.stdout ? "pipe" : "ignore", "pipe"],
  });
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const done = new Promise<void>((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) => reject(error.code === "ENOENT" ? new PostgresToolMissingError(tool) : error));
    child.once("close", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} mislykkedes (${signal ?? `kode ${code}`}): ${errors.trim() || "ingen besked"}`));
    });
  });
  return { process: child, done };
}

/** Runs a tool on the database to its end. */
export function runPostgresTool(tool: PostgresTool, args: readonly string[], databaseUrl: string | null): Promise<void> {
  return startPostgresTool(tool, args, databaseUrl).done;
}
