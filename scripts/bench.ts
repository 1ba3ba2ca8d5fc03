import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { startBuiltServer } from "./built-server";

/**
 * `npm run bench`: starts the built server on a fresh database and measures what a visitor
 * waits for. Figures go in the closing notes of the issues that name them; nothing here fails.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const TARGETS = [
  { name: "front page", path: "/" },
  { name: "404 page", path: "/findes-ikke" },
];

/** Peak resident memory of a process so far (VmHWM), in MiB. */
function peakResidentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(status.match(/VmHWM:\s+(\d+) kB/)?.[1] ?? 0);
  return Math.round(kib / 1024);
}

const server = await startBuiltServer({ LOG_LEVEL: "warn" });
const pid = server.child.pid!;
console.log(`Server ${server.url} (pid ${pid}); ${CONNECTIONS} connections, ${DURATION_SECONDS} s per page\n`);

const rows: string[][] = [["page", "path", "status", "req/s", "p50 ms", "p99 ms", "errors"]];
try {
  for (const target of TARGETS) {
    // A short warm-up so the first requests' compilation does not count.
    await autocannon({ url: server.url + target.path, connections: 10, duration: 2 });
    const result = await autocannon({
      url: server.url + target.path,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
      headers: { "accept-encoding": "gzip" },
    });
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([code, stats]) => `${code}×${(stats as { count: number }).count}`)
      .join(" ");
    rows.push([
      target.name,
      target.path,
      statuses,
      result.requests.average.toFixed(0),
      String(result.latency.p50),
      String(result.latency.p99),
      String(result.errors + result.timeouts),
    ]);
  }
  rows.push(["peak resident memory", "", "", `${peakResidentMiB(pid)} MiB`, "", "", ""]);
} finally {
  await server.stop();
}

const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));
