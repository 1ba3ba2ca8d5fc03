import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startBuiltServer, type StartedServer } from "../built-server";
import { startNginx, type RunningNginx } from "../nginx";

/**
 * Several instances of the built server on one PostgreSQL database behind nginx with round-robin,
 * as docs/deploy.md sets up several machines: one session secret, one upload folder (a shared
 * folder stands for the bucket), TRUST_PROXY=1 for the one nginx in front, and BASE_URL nginx's
 * address. `kill` and `restart` act on one instance on its own port, so nginx finds it again.
 */

export interface Instance {
  port: number;
  url: string;
  server: StartedServer;
}

export interface ProxiedSite {
  url: string;
  instances: Instance[];
  nginx: RunningNginx;
  /** Every instance's log so far, for what is counted across them (the daily job). */
  output(): string;
  kill(index: number): void;
  /** Stops the instance gracefully (or finds it dead) and starts it again on its port; resolves once it is ready. */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

/** The location blocks nginx proxies with: the live streams unbuffered and held open. */
const PROXY = `      proxy_pass http://loppeguiden;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;`;

export const NGINX_SERVER_BLOCK = `    client_max_body_size 25m;
    location / {
${PROXY}
    }
    location /api/live {
${PROXY}
      proxy_buffering off;
      proxy_read_timeout 1h;
    }`;

/**
 * How long nginx leaves an instance alone after a refused connection. A rolling restart waits
 * longer than this after each instance is back: nginx would otherwise still count it out while
 * the next one stops, and with every instance counted out it answers 502 at once.
 */
export const FAIL_TIMEOUT_MS = 2_000;

export async function waitUntilReady(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms`);
}

export async function startProxiedSite({
  instances: count,
  databaseUrl,
  env = {},
}: {
  instances: number;
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<ProxiedSite> {
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const nginxPort = await freePort();
  const shared = mkdtempSync(path.join(tmpdir(), "lg-scale-"));
  const settings = {
    DATABASE_URL: databaseUrl,
    DEMO_DATA: "0",
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    STORAGE_DIR: path.join(shared, "uploads"),
    TRUST_PROXY: "1",
    BASE_URL: `http://127.0.0.1:${nginxPort}`,
    CACHE_POLL_MS: "500",
    LOG_LEVEL: "info",
    ...env,
  };
  const logs: (() => string)[] = [];
  const start = async (index: number): Promise<Instance> => {
    const server = await startBuiltServer(settings, { port: ports[index]!, dataDir: path.join(shared, `instance-${index}`) });
    logs.push(server.output);
    await waitUntilReady(server.url);
    return { port: ports[index]!, url: server.url, server };
  };
  const instances: Instance[] = [];
  // One after the other: the first migrates.
  for (let i = 0; i < count; i++) instances.push(await start(i));
  const upstream = `  upstream loppeguiden {\n${ports.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=${FAIL_TIMEOUT_MS / 1000}s;`).join("\n")}\n  }`;
  const nginx = await startNginx({ http: upstream, server: NGINX_SERVER_BLOCK, readyPath: "/healthz", port: nginxPort });

  return {
    url: nginx.url,
    instances,
    nginx,
    output: () => logs.map((log) => log()).join("\n"),
    kill(index) {
      instances[index]!.server.child.kill("SIGKILL");
    },
    async restart(index) {
      await instances[index]!.server.stop();
      instances[index] = await start(index);
    },
    async stop() {
      nginx.stop();
      await Promise.all(instances.map((instance) => instance.server.stop()));
      rmSync(shared, { recursive: true, force: true });
    },
  };
}
