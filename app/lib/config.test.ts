import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_MAP_TILE_URL, DEFAULT_RATE_LIMITS, loadConfig, tileOrigin } from "./config.server";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "lg-config-"));

describe("configuration", () => {
  it("works with nothing set", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.baseUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBe(`file:${path.join(dataDir, "loppeguiden.db")}`);
    expect(config.mapTileUrl).toBe(DEFAULT_MAP_TILE_URL);
    expect(config.smtpUrl).toBeNull();
    expect(config.googleClientId).toBeNull();
  });

  it("makes a session secret once and keeps it", () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8").trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: tempDir() }).sessionSecret).not.toBe(first);
  });

  it("prefers what the environment says", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: "8080",
      BASE_URL: "https://loppeguiden.dk/",
      SESSION_SECRET: "hemmelig",
      ADMIN_EMAILS: " Anna@Example.dk, bo@example.dk ,",
    });
    expect(config.port).toBe(8080);
    expect(config.baseUrl).toBe("https://loppeguiden.dk");
    expect(config.sessionSecret).toBe("hemmelig");
    expect(config.adminEmails).toEqual(["anna@example.dk", "bo@example.dk"]);
  });

  it("refuses a port that is not a port", () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: "tre" })).toThrow(/PORT/);
  });

  it("trusts no proxy unless told which: a number of hops or their addresses and ranges, never any sender", () => {
    const trust = (value?: string) => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust("")).toBe(false);
    expect(trust("0")).toBe(false);
    expect(trust("false")).toBe(false);
    expect(trust("1")).toBe(1);
    expect(trust("127.0.0.1, 10.0.0.0/8,loopback,::1,fd00::/8")).toEqual(["127.0.0.1", "10.0.0.0/8", "loopback", "::1", "fd00::/8"]);
    for (const wrong of ["true", "alle", "10.0.0.0/33", "300.1.1.1", "10.0.0.1/8/2", "-1"]) expect(() => trust(wrong), wrong).toThrow(/TRUST_PROXY/);
  });

  it("gives each PostgreSQL pool ten connections unless told otherwise", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).databasePoolSize).toBe(10);
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_POOL_SIZE: "4" }).databasePoolSize).toBe(4);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it("finds the tile host for the Content-Security-Policy", () => {
    expect(tileOrigin(DEFAULT_MAP_TILE_URL)).toBe("https://tile.openstreetmap.org");
    expect(tileOrigin("https://{s}.tiles.example.org/{z}/{x}/{y}.png")).toBe("https://*.tiles.example.org");
  });
});

describe("the daily limit of sent markets", () => {
  const submissionRateLimit = (env: NodeJS.ProcessEnv) => loadConfig({ SESSION_SECRET: "test", ...env }).rateLimits.marketSubmissions;
  const DEFAULT_SUBMISSION_LIMIT = DEFAULT_RATE_LIMITS.marketSubmissions;

  it("is ten a day unless the environment says otherwise", () => {
    expect(DEFAULT_SUBMISSION_LIMIT).toEqual({ limit: 10, windowSeconds: 86_400 });
    expect(submissionRateLimit({})).toEqual(DEFAULT_SUBMISSION_LIMIT);
    expect(submissionRateLimit({ RATE_LIMIT_MARKET_SUBMISSIONS: "3/3600" })).toEqual({ limit: 3, windowSeconds: 3600 });
  });
});
