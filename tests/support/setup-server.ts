import path from "node:path";
import type { TestProject } from "vitest/node";
import { startBuiltServer } from "../../scripts/built-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The SQLite file of that server, for tests that arrange data a page cannot create. */
    databaseFile: string;
  }
}

/** One server for the whole browser suite. */
export default async function setup(project: TestProject) {
  const server = await startBuiltServer({ RATE_LIMIT_CLIENT_ERRORS: "30/60", CACHE_POLL_MS: "200" });
  project.provide("baseUrl", server.url);
  project.provide("databaseFile", path.join(server.dataDir, "loppeguiden.db"));
  return async () => {
    const code = await server.stop();
    if (code !== 0) throw new Error(`The server did not shut down cleanly (exit code ${code}):\n${server.output()}`);
  };
}
