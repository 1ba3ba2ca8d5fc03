import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Routes declare who may use them as middleware (app/http/access.server.ts).
    v8_middleware: true,
    // A route's client code (clientLoader, clientAction, HydrateFallback) in chunks of their own.
    v8_splitRouteModules: true,
  },
} satisfies Config;
