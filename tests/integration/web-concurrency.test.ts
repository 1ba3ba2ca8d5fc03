import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type StartedServer } from "../../scripts/built-server";

/**
 * WEB_CONCURRENCY: the production server as several processes on one port (server/main.js, as
 * `npm start` runs it with a process per core). Each is a whole instance on the shared SQLite file;
 * one that dies is started again while the others answer; SIGHUP restarts them one by one without
 * a refused request; SIGTERM drains them all and exits 0.
 */

/** The server processes under the primary, from /proc (the fourth field of a process's stat is its parent). */
function workersOf(server: StartedServer): number[] {
  const parent = String(server.child.pid);
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // The name in parentheses may hold spaces: the fields after it are counted from its end.
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1] === parent;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** Until `done` says so, or a limit for a hang. */
async function waitFor(done: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One GET on a connection of its own, as nginx in front asks (docs/deploy.md); its status. */
function getOnce(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, timeout: 10_000 }, (answer) => {
      answer.resume();
      answer.on("end", () => resolve(answer.statusCode ?? 0));
    });
    request.on("timeout", () => request.destroy(new Error("no answer within 10 s")));
    request.on("error", reject);
  });
}

/**
 * Asks /register over and over until stopped; counts what was not a 200. A connection per request:
 * a kept-alive one the server closes just as the next request goes out fails in any client that
 * does not retry, which is a question for the proxy in front, not for the processes.
 */
function keepAsking(url: string) {
  let running = true;
  let answered = 0;
  const failures: string[] = [];
  const loop = (async () => {
    while (running) {
      try {
        const status = await getOnce(`${url}/register`);
        if (status === 200) answered += 1;
        else failures.push(String(status));
      } catch (error) {
        failures.push((error as Error).message);
      }
    }
  })();
  return {
    answered: () => answered,
    async stop() {
      running = false;
      await loop;
      return { answered, failures };
    },
  };
}

describe("several server processes on one port", () => {
  let server: StartedServer;
  beforeAll(async () => {
    server = await startBuiltServer({ DEMO_DATA: "0", WEB_CONCURRENCY: "2" });
    await waitFor(() => server.output().includes("Loppeguiden kører i 2 processer"), "two workers listening");
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("serves from each, and starts a worker that died again while the other answers", async () => {
    await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 200, "ready");
    const before = workersOf(server);
    const [doomed, survivor] = before;
    const asking = keepAsking(server.url);
    process.kill(doomed!, "SIGKILL");
    const answeredAtKill = asking.answered();
    await waitFor(() => {
      const now = workersOf(server);
      return now.length === 2 && now.some((pid) => !before.includes(pid));
    }, "a new worker");
    // Answers after the kill, whichever process gives them.
    await waitFor(() => asking.answered() >= answeredAtKill + 3, "answers after the kill");
    const { answered, failures } = await asking.stop();
    expect(workersOf(server)).toContain(survivor);
    expect(answered).toBeGreaterThan(0);
    // Only requests the killed process held when it died can fail; here that is at most the one in flight.
    expect(failures.length).toBeLessThanOrEqual(1);
    expect(server.output()).toContain(`Proces ${doomed} stoppede (SIGKILL)`);
    // A process start takes seconds on a machine busy with the rest of the suite.
  }, 90_000);

  it("restarts them one at a time on SIGHUP without refusing a request, and drains them all on SIGTERM", async () => {
    const before = workersOf(server);
    const asking = keepAsking(server.url);
    process.kill(server.child.pid!, "SIGHUP");
    await waitFor(() => server.output().includes("Alle processer er startet igen"), "the rolling restart");
    await waitFor(() => workersOf(server).length === 2, "two workers again");
    const { answered, failures } = await asking.stop();
    expect(workersOf(server).filter((pid) => before.includes(pid))).toEqual([]);
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(0);

    const exited = new Promise<number | null>((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(server.output()).toContain("SIGTERM: lukker 2 processer ned");
  }, 90_000);
});
