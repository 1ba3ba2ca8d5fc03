import type { TestProject } from "vitest/node";
import { startBuiltServer } from "../../scripts/built-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One server for the whole browser suite. */
export default async function setup(project: TestProject) {
  const server = await startBuiltServer({ RATE_LIMIT_CLIENT_ERRORS: "30/60" });
  project.provide("baseUrl", server.url);
  return async () => {
    const code = await server.stop();
    if (code !== 0) throw new Error(`The server did not shut down cleanly (exit code ${code}):\n${server.output()}`);
  };
}
