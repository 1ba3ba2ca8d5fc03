import pino, { type Logger } from "pino";
import { config } from "./config.server";

let instance: Logger | null = null;

/** One structured JSON logger for the whole server. */
export function logger(): Logger {
  instance ??= pino({ level: config().logLevel, base: { app: "loppeguiden" } });
  return instance;
}
