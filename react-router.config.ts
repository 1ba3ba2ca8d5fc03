import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Routes declare who may use them as middleware (app/http/access.server.ts).
    v8_middleware: true,
  },
} satisfies Config;
