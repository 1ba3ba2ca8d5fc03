import pino, { type Logger } from "pino";

/** A structured JSON logger at the settings' level. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { app: "loppeguiden" } });
}
