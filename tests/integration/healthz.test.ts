import type { AddressInfo } from "node:net";
import http from "node:http";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { loadConfig } from "../../app/lib/config.server";
import { openDatabase, type AppDatabase } from "../../app/lib/db/database.server";
import { createExpressApp, type ReadinessState } from "../../server/express-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");

/** The Express app on a free port, without the pages (health does not need them). */
async function serve(appDatabase: AppDatabase, readiness?: () => ReadinessState) {
  const app = createExpressApp({
    build: () => Promise.reject(new Error("no pages in this test")),
    appDatabase,
    config: loadConfig({ DATA_DIR: "/tmp/lg-healthz-test", SESSION_SECRET: "test" }),
    logger: pino({ level: "silent" }),
    readiness,
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    get: (path: string) => fetch(`http://127.0.0.1:${port}${path}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe(`GET /healthz and /readyz on ${kind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("answers 200 while the database answers", async () => {
    const app = await serve(database);
    try {
      const response = await app.get("/healthz");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok", database: "ok" });
      expect(response.headers.get("cache-control")).toBe("no-store");
    } finally {
      await app.close();
    }
  });

  it("is ready only once warmed up, not while stopping, and only while the database answers", async () => {
    let state: ReadinessState = "starting";
    const app = await serve(database, () => state);
    try {
      const starting = await app.get("/readyz");
      expect(starting.status).toBe(503);
      expect(await starting.json()).toEqual({ status: "starting", database: "ok" });
      // Alive all the while: a proxy's liveness check must not restart a process that is warming up.
      expect((await app.get("/healthz")).status).toBe(200);
      state = "ready";
      const ready = await app.get("/readyz");
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready", database: "ok" });
      expect(ready.headers.get("cache-control")).toBe("no-store");
      state = "stopping";
      expect(await (await app.get("/readyz")).json()).toEqual({ status: "stopping", database: "ok" });
    } finally {
      await app.close();
    }
  });

  it("answers 503 when the database is gone", async () => {
    const doomed = await createTestDatabase();
    const app = await serve(doomed);
    try {
      await doomed.destroy();
      const response = await app.get("/healthz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", database: "unreachable" });
      const readiness = await app.get("/readyz");
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toEqual({ status: "unavailable", database: "unreachable" });
    } finally {
      await app.close();
    }
  });

  if (kind !== "postgres") return;
  it("answers 503 when the database server cannot be reached", async () => {
    // Port 1 on loopback: nothing listens there, so every connection is refused at once.
    const unreachable = openDatabase("postgres://postgres@127.0.0.1:1/test", { connectTimeoutMs: 500 });
    const app = await serve(unreachable);
    try {
      expect((await app.get("/healthz")).status).toBe(503);
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});
