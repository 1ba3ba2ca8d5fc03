import { createServer, connect, type Server, type Socket } from "node:net";

/**
 * A TCP proxy in front of an app server, for browser tests of a connection that drops: `cut()`
 * ends every open connection and refuses new ones, as a network that went away does, until
 * `restore()`; `target` may name another server in between, as a load balancer does when one
 * instance stops.
 */
export interface TcpProxy {
  url: string;
  target: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let refusing = false;
  const proxy = {
    target: targetPort,
    cut() {
      refusing = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      refusing = false;
    },
  };
  const server: Server = createServer((client) => {
    if (refusing) return void client.destroy();
    const upstream = connect(proxy.target, "127.0.0.1");
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      socket.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return Object.assign(proxy, {
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.cut();
        server.close(() => resolve());
      }),
  });
}
