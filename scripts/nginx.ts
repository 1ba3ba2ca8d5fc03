import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./built-server";

/** Debian's nginx, installed when missing (the bench compares with it, the scale test proxies through it). */
export function ensureNginx(): string {
  const found = spawnSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx"], { encoding: "utf8" }).stdout.trim().split("\n")[0];
  if (found) return found;
  console.log("nginx mangler: installerer Debians pakke …");
  execFileSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null"], { stdio: "inherit" });
  return "/usr/sbin/nginx";
}

export interface RunningNginx {
  url: string;
  port: number;
  /** Its folder: the configuration, the pid file, the error log and the temporary files. */
  dir: string;
  pid: number;
  stop(): void;
}

/**
 * nginx in the foreground on a free loopback port, in a folder of its own: `server` is the body of
 * its one server block, `http` what goes before it (an upstream); `port` one chosen before (a
 * BASE_URL names it). Resolves once `readyPath` answers.
 */
export async function startNginx({
  http = "",
  server,
  readyPath = "/",
  port: chosen,
}: {
  http?: string;
  server: string;
  readyPath?: string;
  port?: number;
}): Promise<RunningNginx> {
  const binary = ensureNginx();
  const dir = mkdtempSync(path.join(tmpdir(), "lg-nginx-"));
  const port = chosen ?? (await freePort());
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  default_type text/html;
${http}
  server {
    listen 127.0.0.1:${port};
${server}
  }
}
`,
  );
  const child = spawn(binary, ["-c", path.join(dir, "nginx.conf"), "-p", dir], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url + readyPath);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    port,
    dir,
    pid: child.pid!,
    stop: () => {
      child.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
