import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startBuiltServer, type StartedServer } from "../../../scripts/built-server";

/**
 * A client that sends its request slowly, or not at all, holds a connection and memory: the server
 * cuts it off after its timeouts (server/http-server.ts), while everyone else is answered as usual.
 * A built server of its own (scripts/built-server.ts), started as `npm start` starts it with
 * timeouts of about a second, so the test need not wait the real ones and the settings are shown to
 * reach the server that production runs.
 */

let server: StartedServer;

beforeAll(async () => {
  server = await startBuiltServer({
    DEMO_DATA: "0",
    HTTP_HEADERS_TIMEOUT_MS: "1000",
    HTTP_IDLE_TIMEOUT_MS: "1500",
    HTTP_REQUEST_TIMEOUT_MS: "2000",
  });
});

afterAll(async () => {
  await server?.stop();
});

/** Opens a raw connection; resolves with what the server sent once it closes the connection. */
function slowClient(start: string, trickle?: string): { closed: Promise<string>; stop: () => void } {
  const { port } = new URL(server.url);
  const socket = net.connect(Number(port), "127.0.0.1");
  let received = "";
  let timer: NodeJS.Timeout | undefined;
  socket.on("connect", () => {
    socket.write(start);
    // A header line every 300 ms: never finished, never idle.
    if (trickle) timer = setInterval(() => socket.write(trickle), 300);
  });
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  const closed = new Promise<string>((resolve) => {
    socket.on("close", () => {
      clearInterval(timer);
      resolve(received);
    });
    socket.on("error", () => undefined);
  });
  return { closed, stop: () => socket.destroy() };
}

/** Whether `promise` settles within `ms` (the test's bound, well above the server's timeouts). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | "still open"> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"still open">((resolve) => (timer = setTimeout(() => resolve("still open"), ms)));
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

describe("timeouts", () => {
  test("headers that never end are cut off, and another visitor is answered meanwhile", async () => {
    const slow = slowClient("GET / HTTP/1.1\r\nHost: localhost\r\n", "X-Lang: a\r\n");
    try {
      const meanwhile = await fetch(`${server.url}/healthz`);
      expect(meanwhile.status).toBe(200);
      const answer = await within(slow.closed, 8_000);
      expect(answer).not.toBe("still open");
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      slow.stop();
    }
  });

  test("a post that announces a body and sends none is cut off", async () => {
    const slow = slowClient("POST /kontakt HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n");
    try {
      const meanwhile = await fetch(`${server.url}/healthz`);
      expect(meanwhile.status).toBe(200);
      expect(await within(slow.closed, 8_000)).not.toBe("still open");
    } finally {
      slow.stop();
    }
  });

  test("a body sent a byte at a time is cut off when the whole request has taken too long", async () => {
    const slow = slowClient("POST /kontakt HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n", "a");
    try {
      expect(await within(slow.closed, 8_000)).not.toBe("still open");
    } finally {
      slow.stop();
    }
  });
});
