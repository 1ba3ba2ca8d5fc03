import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs an operator's command as `npm run …` runs it (tsx, from the project folder) with these
 * settings over the test process's environment, and returns its exit code and what it printed.
 */
export async function runScript(script: string, args: readonly string[], env: Record<string, string>): Promise<ScriptRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [TSX, script, ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "silent", ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
