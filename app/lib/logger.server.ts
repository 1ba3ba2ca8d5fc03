import pino, { type Logger } from "pino";
import { config } from "./config.server";
import { currentSite } from "./site-context.server";

/** A structured JSON logger at the settings' level. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { app: "loppeguiden" } });
}

let fromEnvironment: Logger | null = null;

/** The logger of the site being served (lib/site-context.server.ts), else the environment's (a script). */
export function logger(): Logger {
  const site = currentSite();
  if (site) return site.logger;
  fromEnvironment ??= createLogger(config().logLevel);
  return fromEnvironment;
}
