import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** Starting the built server on its own port and data folder: for the browser tests and the benchmark. */

const ROOT = path.resolve(import.meta.dirname, "..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A limit for a server that hangs, not a speed goal: seeding the demo data takes about 11 s on an
 * idle 2-core machine, and `npm test` starts the server while the type check and the linter run
 * beside it.
 */
export async function waitUntilHealthy(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server at ${url} was not healthy within ${timeoutMs} ms`);
}

export interface StartedServer {
  url: string;
  /** The server's own data folder, with its SQLite database. */
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<number | null>;
}

export interface StartOptions {
  /**
   * An SQLite database to start from, copied into the server's data folder: the server then
   * skips seeding the demo data, which takes seconds of a test's time.
   */
  copyOf?: string;
  /** A port of its own choosing (a proxy in front names it), instead of a free one. */
  port?: number;
  /** A data folder to use and keep (several instances sharing uploads), instead of a new one removed at stop. */
  dataDir?: string;
}

/** Starts the built production server on a free port with its own data folder. */
export async function startBuiltServer(env: Record<string, string> = {}, { copyOf, ...options }: StartOptions = {}): Promise<StartedServer> {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    throw new Error("No build found: run `npm run build` first (`npm test` does it for you).");
  }
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "lg-e2e-"));
  if (copyOf) {
    // The backup API copies a consistent state even while another server writes to the file.
    const { default: Database } = await import("better-sqlite3");
    const source = new Database(copyOf, { readonly: true, fileMustExist: true });
    try {
      await source.backup(path.join(dataDir, "loppeguiden.db"));
    } finally {
      source.close();
    }
  }
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["server/main.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      BASE_URL: url,
      LOG_LEVEL: "warn",
      LOPPEGUIDEN_TEST_ROUTES: "1",
      // One process, as one instance, unless the caller asks for more (production's default is a process per core).
      WEB_CONCURRENCY: "1",
      // Map tiles from the server itself (a test route), since tests have no network.
      MAP_TILE_URL: `${url}/test/kortflise/{z}/{x}/{y}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitUntilHealthy(url, child);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    url,
    dataDir,
    child,
    output: () => output,
    async stop() {
      // A process a signal ended has no exit code, only its signal.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
        child.kill("SIGTERM");
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}
