// The load generator of `npm run bench`'s live section (scripts/bench-live.ts), run on its own core:
// opens `count` streams of one channel from 127.0.1.x addresses (the server lets 50 streams in per
// address), and records when each event reaches each stream. Talks to its parent over stdin/stdout:
// "ready N" once open; on the line "report" it prints, per event, how many streams had it and when
// the last one did, and exits.
import http from "node:http";
import readline from "node:readline";

const [url = "", channel = "", countText = "0"] = process.argv.slice(2);
const count = Number(countText);
const target = new URL(url);
const arrivals: Record<string, number[]> = {};
let opened = 0;
let failed = 0;
const PER_ADDRESS = 40;

function open(index: number): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `/api/live?kanal=${encodeURIComponent(channel)}`,
        localAddress: `127.0.1.${Math.floor(index / PER_ADDRESS) + 1}`,
        agent: false,
        headers: { accept: "text/event-stream" },
      },
      (response) => {
        if (response.statusCode !== 200) {
          failed += 1;
          response.resume();
          return resolve();
        }
        opened += 1;
        let buffer = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block.split("\n").find((line) => line.startsWith("data: "));
            if (!data) continue;
            const { postId } = JSON.parse(data.slice(6)) as { postId?: number };
            if (postId !== undefined) (arrivals[postId] ??= []).push(Date.now());
          }
        });
        resolve();
      },
    );
    request.on("error", () => {
      failed += 1;
      resolve();
    });
    request.end();
  });
}

for (let start = 0; start < count; start += 100) {
  await Promise.all(Array.from({ length: Math.min(100, count - start) }, (_, i) => open(start + i)));
}
console.log(`ready ${opened} ${failed}`);
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  if (line.trim() !== "report") return;
  // Per event: how many streams it reached, and when the last of them had it.
  const report = Object.fromEntries(Object.entries(arrivals).map(([postId, times]) => [postId, { count: times.length, last: Math.max(...times) }]));
  process.stdout.write(`${JSON.stringify(report)}\n`, () => process.exit(0));
});
