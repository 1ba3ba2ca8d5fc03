import http from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startSite, type Site } from "../support/site";

/**
 * An answer given before the body is read (server/request-guards.ts: a post from another site, a
 * body too large or of unknown length) closes the connection once the body has been drained. It
 * must say so, or a client that keeps connections open sends its next request on one that is
 * about to close: behind a proxy that pools connections, that request could be someone else's.
 */

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

describe("an answer sent before the body is read", () => {
  test("says Connection: close, and the client's next request on a new connection is answered", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = Buffer.alloc(200_000, "a");
      const cases: { label: string; headers: Record<string, string>; body: Buffer }[] = [
        { label: "403 cross-site", headers: { Origin: "https://ondsindet.example", "Content-Length": String(body.length) }, body },
        { label: "413 too large", headers: { Origin: site.url, "Content-Length": String(2_000_000) }, body: Buffer.alloc(2_000_000, "a") },
        { label: "411 no length", headers: { Origin: site.url, "Transfer-Encoding": "chunked" }, body },
      ];
      for (const { label, headers, body: sent } of cases) {
        const first = await rawPost(agent, "/kontakt", { "Content-Type": "application/x-www-form-urlencoded", ...headers }, sent);
        expect(first.status, label).toBe(Number(label.slice(0, 3)));
        expect(first.connection, label).toBe("close");
        const next = await rawGet(agent, "/healthz");
        expect(next, label).toMatchObject({ status: 200 });
      }
    } finally {
      agent.destroy();
    }
  });
});

interface RawAnswer {
  status: number;
  connection: string | undefined;
}

function rawRequest(agent: http.Agent, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<RawAnswer> {
  const address = new URL(path, site.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: address.hostname, port: address.port, path: address.pathname, method, headers, agent }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

const rawPost = (agent: http.Agent, path: string, headers: Record<string, string>, body: Buffer) => rawRequest(agent, "POST", path, headers, body);
const rawGet = (agent: http.Agent, path: string) => rawRequest(agent, "GET", path, {});
