// Starts Loppeguiden: the built production server, or Vite's dev server with NODE_ENV=development
// (npm run dev). Plain JavaScript so that `npm start` needs nothing but Node and the build.
import { setFlagsFromString } from "node:v8";
import "./env-file.js";

// V8 lets the heap grow to several times what is live before it collects: serving cached pages at
// 20,000 a second, 36 MiB of live objects came with up to 140 MiB of garbage, 330–350 MiB resident.
// A growing factor of 1.6 collects sooner: about 230 MiB at the peak, for a p99 a few milliseconds
// longer (1.3 saved 10 MiB more and doubled it; decision 0023). Read at each collection, so setting it here,
// before anything is loaded, is in time.
setFlagsFromString("--heap-growing-percent=60");

const FORCED_EXIT_MS = 10_000;
// Production unless asked otherwise: `node server/main.js` on a server must never start Vite.
process.env.NODE_ENV ??= "production";
const production = process.env.NODE_ENV === "production";

async function load() {
  if (production) return { start: (await import("../build/server/index.js")).start, options: {} };
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { start } = await vite.ssrLoadModule("./server/app.ts");
  return {
    start,
    options: {
      devMiddleware: vite.middlewares,
      loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build"),
    },
  };
}

const { start, options } = await load();
const running = await start(options);
console.log(`Loppeguiden kører på ${running.url}`);

async function shutdown(signal) {
  console.log(`${signal}: lukker ned`);
  const forced = setTimeout(() => {
    console.error("Nedlukningen tog for lang tid; afbryder");
    process.exit(1);
  }, FORCED_EXIT_MS);
  forced.unref();
  try {
    await running.close();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}

process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
