import type { AddressInfo } from "node:net";
import http from "node:http";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadConfig } from "../../app/lib/config.server";
import { createExpressApp } from "../../server/express-app";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * TRUST_PROXY: behind a proxy every connection comes from the proxy, so the visitor's address (the
 * rate limits, the live streams' caps) and the scheme must come from X-Forwarded-For and
 * X-Forwarded-Proto, but only from the hops the site was told to trust: a visitor writes whatever
 * they like in those headers. The client-error reports are the probe (two a minute here, counted
 * per address like every per-client limit, through the same req.ip the pages' context reads).
 */
describe("the visitor's address and scheme behind a proxy", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function serve(trustProxy?: string) {
    // Each site starts with no counts: the loopback address's bucket is every test's.
    await database.db.deleteFrom("rate_limits").execute();
    const app = createExpressApp({
      build: () => Promise.reject(new Error("no pages in this test")),
      appDatabase: database,
      config: loadConfig({ DATA_DIR: "/tmp/lg-trust-proxy-test", SESSION_SECRET: "test", RATE_LIMIT_CLIENT_ERRORS: "2/60", TRUST_PROXY: trustProxy }),
      logger: pino({ level: "silent" }),
    });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return {
      port,
      /** A browser's error report as sent through the proxy, which names the client. */
      report: (headers: Record<string, string>) =>
        fetch(`http://127.0.0.1:${port}/api/client-errors`, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...headers },
          body: JSON.stringify({ title: "Fejl", message: "Noget gik galt", severity: "error" }),
        }).then((answer) => answer.status),
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  type App = Awaited<ReturnType<typeof serve>>;

  /** A site trusting `trustProxy`, closed after `work`. */
  async function withSite(trustProxy: string | undefined, work: (app: App) => Promise<void>): Promise<void> {
    const app = await serve(trustProxy);
    try {
      await work(app);
    } finally {
      await app.close();
    }
  }

  /** One report from each address, in turn, as the proxy names them. */
  async function reportsFrom(app: App, addresses: string[]): Promise<number[]> {
    const statuses = [];
    for (const address of addresses) statuses.push(await app.report({ "X-Forwarded-For": address }));
    return statuses;
  }

  test("untrusted, X-Forwarded-For is ignored: every 'client' behind it shares the connection's bucket", async () => {
    await withSite(undefined, async (app) => {
      expect(await reportsFrom(app, ["198.51.100.1", "198.51.100.2", "198.51.100.3"])).toEqual([204, 204, 429]);
    });
  });

  test("one trusted hop: each visitor has a bucket of their own, and an address they forged in front is not theirs", async () => {
    await withSite("1", async (app) => {
      expect(await reportsFrom(app, ["203.0.113.10", "203.0.113.10", "203.0.113.10"])).toEqual([204, 204, 429]);
      // The proxy appends the address it saw: what the visitor wrote before it does not count.
      expect(await reportsFrom(app, ["192.0.2.99, 203.0.113.10", "203.0.113.11"])).toEqual([429, 204]);
    });
  });

  test("trusted by address: a connection from elsewhere than the named proxies is taken at its word, not its header", async () => {
    await withSite("127.0.0.1", async (app) => {
      expect(await reportsFrom(app, ["203.0.113.20", "203.0.113.21", "203.0.113.21"])).toEqual([204, 204, 204]);
    });
    await withSite("10.0.0.0/8", async (app) => {
      expect(await reportsFrom(app, ["203.0.113.30", "203.0.113.31", "203.0.113.32"])).toEqual([204, 204, 429]);
    });
  });

  test("the scheme: a form posted from the https page a trusted proxy serves is the site's own, not a foreign origin", async () => {
    for (const [trust, expected] of [
      [undefined, 403],
      ["1", 204],
    ] as const) {
      await withSite(trust, async (app) => {
        const status = await app.report({ "X-Forwarded-For": `203.0.113.${trust ? 40 : 41}`, "X-Forwarded-Proto": "https", Origin: `https://127.0.0.1:${app.port}` });
        expect(status, `TRUST_PROXY=${trust ?? ""}`).toBe(expected);
      });
    }
  });
});
