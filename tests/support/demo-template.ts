import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const SEEDER = path.resolve(import.meta.dirname, "seed-demo-template.ts");

export interface DemoTemplate {
  /** Where the seeded template appears once it is complete (demo-database.ts waits for it). */
  file: string;
  /** Stops the seeding if it still runs, and removes the template. */
  remove(): Promise<void>;
}

/** Where the reason is written when seeding the template failed. */
export const failureOf = (file: string) => `${file}.error`;

/**
 * Starts seeding the demo-data template (seed-demo-template.ts) in a process of its own and returns
 * at once. Seeding takes seconds, and the global setups of all projects run one after another
 * before any test starts: waiting for it here would hold up the whole run, most of whose files
 * never use it. The files that do wait for the template when they start their site.
 */
export function startDemoTemplate(migrated: string): DemoTemplate {
  const dir = mkdtempSync(path.join(tmpdir(), "lg-demo-template-"));
  const file = path.join(dir, "demo.db");
  const child = spawn(process.execPath, ["--import", "tsx", SEEDER, migrated, file], { stdio: ["ignore", "ignore", "pipe"] });
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const fail = (reason: string) => {
    if (!existsSync(file)) writeFileSync(failureOf(file), `Seeding the demo data for the tests failed: ${reason}\n${output}`);
  };
  const finished = new Promise<void>((resolve) => {
    child.once("error", (error) => {
      fail(error.message);
      resolve();
    });
    child.once("close", (code, signal) => {
      if (code !== 0) fail(`the process ended with ${signal ?? `exit code ${code}`}`);
      resolve();
    });
  });
  return {
    file,
    async remove() {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await finished;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
