import { startPostgresTool } from "./postgres-tools.server";

/**
 * Before the backup's own statements, in the same transaction: every table of the database goes.
 * pg_restore --clean drops only what the backup holds, so a database newer than its backup would
 * keep the tables of the later migrations, whose foreign keys stop --clean from dropping the tables
 * they point at, and which the migrations run after the restore would then try to make again. With
 * them gone the database is the backup's, as a restored SQLite file is.
 */
const DROP_EVERY_TABLE = `
do $$
declare found record;
begin
  for found in select tablename from pg_tables where schemaname = current_schema() loop
    execute format('drop table if exists %I cascade', found.tablename);
  end loop;
end
$$;
`;

/**
 * Restores a pg_dump custom-format file into the database as one transaction: the database holds
 * either the whole backup or what it held before. pg_restore (--clean --if-exists --no-owner) writes
 * the statements and psql runs them, after DROP_EVERY_TABLE, between a BEGIN and a COMMIT this
 * function adds; the COMMIT is sent only once pg_restore has written everything and exited with 0,
 * so a backup that cannot be read to its end commits nothing. psql stops at the first failing
 * statement (ON_ERROR_STOP), and its transaction ends with its connection.
 */
export async function restorePostgresDump(file: string, databaseUrl: string): Promise<void> {
  const psql = startPostgresTool("psql", ["--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", "--file=-"], databaseUrl, { stdin: true });
  // psql's failure is reported by its own run; a write after it stopped only meets a closed pipe.
  psql.process.stdin!.on("error", () => {});
  // Without the notices of each drop ("drop cascades to …"), so that a failure's message is its error.
  psql.process.stdin!.write(`begin;\nset local client_min_messages = warning;\n${DROP_EVERY_TABLE}\n`);
  const dump = startPostgresTool("pg_restore", ["--clean", "--if-exists", "--no-owner", "--file=-", file], null, { stdout: true });
  dump.process.stdout!.pipe(psql.process.stdin!, { end: false });
  // psql stopped early (a failing statement, or no psql at all): pg_restore would wait for ever on
  // a full pipe nobody reads, so it is stopped, and psql's reason is the one told.
  let stoppedPgRestore = false;
  psql.done.catch(() => {
    if (dump.process.exitCode !== null || dump.process.signalCode !== null) return;
    stoppedPgRestore = true;
    dump.process.kill();
  });
  const written = dump.done.then(
    () => {
      psql.process.stdin!.end("commit;\n");
    },
    (error: unknown) => {
      psql.process.stdin!.end();
      throw error;
    },
  );
  const [dumpOutcome, psqlOutcome] = await Promise.allSettled([written, psql.done]);
  // Otherwise pg_restore's reason first: when it fails, psql may fail too, only because its input stopped.
  if (dumpOutcome.status === "rejected" && !stoppedPgRestore) throw dumpOutcome.reason;
  if (psqlOutcome.status === "rejected") throw psqlOutcome.reason;
}
