import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Routes declare who may use them as middleware (app/http/access.server.ts).
    v8_middleware: true,
    // A route's client code (clientLoader, clientAction, HydrateFallback) in chunks of their own.
    v8_splitRouteModules: true,
    // The build through Vite's environment API, as React Router 8 requires.
    v8_viteEnvironmentApi: true,
    // A client navigation's data of "/" is /_.data, of "/a/" /a/_.data (server/request-guards.ts).
    v8_trailingSlashAwareDataRequests: true,
    // Loaders get the request as it came; what they read of the address is `url`, without ".data".
    v8_passThroughRequests: true,
  },
} satisfies Config;
