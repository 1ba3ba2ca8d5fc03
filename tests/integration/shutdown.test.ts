import { describe, expect, it } from "vitest";
import { startBuiltServer } from "../../scripts/built-server";

/**
 * The production server as a process (server/main.js, as `npm start` runs it), since a signal, an
 * exit code and the log are what the test is about: startSite's in-process site has none of them.
 */

describe("graceful shutdown", () => {
  it("finishes the request in flight, refuses new ones and exits 0 on SIGTERM", async () => {
    // No demo data: seeding 2,200 markets would only delay the start.
    const server = await startBuiltServer({ DEMO_DATA: "0" });
    const inFlight = fetch(`${server.url}/test/langsom?ms=1500`);
    // Give the request time to reach the server before the signal.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGTERM");

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("svarede efter 1500 ms");
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    expect(await exited).toBe(0);
    expect(server.output()).toContain("SIGTERM: lukker ned");
    await server.stop();
  });
});
