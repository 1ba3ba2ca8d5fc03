import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { parseRateLimit, type RateLimit } from "./rate-limit.server";

/** Everything the server reads from its environment, with defaults that work on a fresh clone. */
export interface Config {
  port: number;
  baseUrl: string;
  databaseUrl: string;
  dataDir: string;
  /** Uploads on disk; also where the disk driver keeps them. */
  storageDir: string;
  /** Where uploaded files are kept (app/lib/storage): STORAGE_DIR, or a bucket when S3_BUCKET is set. */
  storage: StorageSettings;
  sessionSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  googleClientId: string | null;
  googleClientSecret: string | null;
  /** Where Google's OpenID Connect settings are read; tests point it at a local stand-in. */
  googleDiscoveryUrl: string;
  /** New accounts confirm their e-mail before they can sign in (EMAIL_VERIFICATION=0 turns it off). */
  emailVerification: boolean;
  mapTileUrl: string;
  adminEmails: string[];
  logLevel: string;
  isProduction: boolean;
  /** Memory for rendered pages of anonymous visitors; 0 turns the page cache off. */
  pageCacheBytes: number;
  /** How often an instance looks for writes made by other instances. */
  cacheGenerationPollMs: number;
  /** How often an open live stream asks again whether its session and rights still hold (server/live-stream.ts). */
  liveRecheckMs: number;
  /** Fill an empty database with the demo markets at start (DEMO_DATA=0 turns it off). */
  seedDemoData: boolean;
  /** Routes under /test/ that deliberately fail; on only in the test suite. */
  enableTestRoutes: boolean;
  /** Google Analytics 4 ("G-…"); its tag loads only for visitors who allow statistics. Off when unset. */
  gaMeasurementId: string | null;
  /** How long a client may take to send its request (server/http-server.ts). */
  httpTimeouts: HttpTimeouts;
  /** How often each public form and action may be used, counted in the database (app/lib/rate-limit.server.ts). */
  rateLimits: RateLimits;
  /** Where the contact form's messages are mailed. */
  contactEmail: string;
  /** URLs per sitemap file when fewer than the protocol's (a test site then shows the index and its parts); null: the protocol's. */
  sitemapMaxUrls: number | null;
  /**
   * Which proxies in front may name the client (X-Forwarded-For) and the scheme (X-Forwarded-Proto):
   * false for none, a number of hops, or their addresses and ranges (Express's "trust proxy").
   */
  trustProxy: TrustProxy;
  /** PostgreSQL: connections in each process's pool. */
  databasePoolSize: number;
}

export type TrustProxy = false | number | string[];

/** Per client address (IP), per e-mail address, per account or per person: see each rule. */
export interface RateLimits {
  /** Per client address and per e-mail address. */
  signUp: { perClient: RateLimit; perEmail: RateLimit };
  /** Password reset and verification mails share one budget: both put a mail in somebody's inbox. */
  authMail: { perClient: RateLimit; perEmail: RateLimit };
  /** Wrong passwords (app/auth/auth-rate-limits.server.ts, docs/decisions/0015). */
  signIn: {
    /** From one client, whatever the addresses: past it, that client waits. */
    perClient: RateLimit;
    /** For one address from one client: past it, that client waits for that address. */
    perClientAndEmail: RateLimit;
    /** For one address from all clients: past it, every answer for it is slower. */
    perEmail: RateLimit;
  };
  /** Per account: guessing the current password with a stolen session must be slow. */
  accountPassword: RateLimit;
  /** Per account: each request mails someone, so it is not a way to flood an inbox. */
  accountEmail: RateLimit;
  /** Per account: re-encoding pictures costs CPU. */
  accountAvatar: RateLimit;
  /** Per client address. */
  contact: RateLimit;
  /** Per person: a person claims a few markets a day, a script hundreds. */
  claims: RateLimit;
  /** Per account: "Anmeld" on forum posts; a person reports a few a day, a script floods the admins' queue. */
  forumReports: RateLimit;
  /** Per person: enough for an organiser filling a gallery, not for a loop. */
  marketImages: RateLimit;
  /** Per account: saves and unsaves. */
  saves: RateLimit;
  /** Per person: a person typing a schedule, asked about every half second, stays far below it. */
  schedulePreview: RateLimit;
  /** Per account: a person sends a few markets a day; more looks like a script. */
  marketSubmissions: RateLimit;
  /** Per client address: a visitor's page views and web vitals over a busy minute stay far below it. */
  measurements: RateLimit;
  /** Per client address: the browser's error reports. */
  clientErrors: RateLimit;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "requests/seconds" in the environment, e.g. RATE_LIMIT_SIGN_IN_IP=30/900; the default when unset or not of that form. */
function rateLimitsFrom(env: NodeJS.ProcessEnv): RateLimits {
  return {
    signUp: {
      perClient: parseRateLimit(env.RATE_LIMIT_SIGN_UP_IP, { limit: 10, windowSeconds: HOUR }),
      perEmail: parseRateLimit(env.RATE_LIMIT_SIGN_UP_EMAIL, { limit: 5, windowSeconds: HOUR }),
    },
    authMail: {
      perClient: parseRateLimit(env.RATE_LIMIT_AUTH_MAIL_IP, { limit: 10, windowSeconds: HOUR }),
      perEmail: parseRateLimit(env.RATE_LIMIT_AUTH_MAIL_EMAIL, { limit: 5, windowSeconds: HOUR }),
    },
    signIn: {
      perClient: parseRateLimit(env.RATE_LIMIT_SIGN_IN_IP, { limit: 30, windowSeconds: 15 * MINUTE }),
      perClientAndEmail: parseRateLimit(env.RATE_LIMIT_SIGN_IN_EMAIL, { limit: 10, windowSeconds: 15 * MINUTE }),
      perEmail: parseRateLimit(env.RATE_LIMIT_SIGN_IN_ACCOUNT, { limit: 10, windowSeconds: 15 * MINUTE }),
    },
    accountPassword: parseRateLimit(env.RATE_LIMIT_ACCOUNT_PASSWORD, { limit: 10, windowSeconds: 15 * MINUTE }),
    accountEmail: parseRateLimit(env.RATE_LIMIT_ACCOUNT_EMAIL, { limit: 5, windowSeconds: HOUR }),
    accountAvatar: parseRateLimit(env.RATE_LIMIT_ACCOUNT_AVATAR, { limit: 30, windowSeconds: HOUR }),
    contact: parseRateLimit(env.RATE_LIMIT_CONTACT, DEFAULT_RATE_LIMITS.contact),
    claims: parseRateLimit(env.RATE_LIMIT_CLAIMS, DEFAULT_RATE_LIMITS.claims),
    forumReports: parseRateLimit(env.RATE_LIMIT_FORUM_REPORTS, DEFAULT_RATE_LIMITS.forumReports),
    marketImages: parseRateLimit(env.RATE_LIMIT_MARKET_IMAGES, { limit: 60, windowSeconds: HOUR }),
    saves: parseRateLimit(env.RATE_LIMIT_SAVES, DEFAULT_RATE_LIMITS.saves),
    schedulePreview: parseRateLimit(env.RATE_LIMIT_SCHEDULE_PREVIEW, DEFAULT_RATE_LIMITS.schedulePreview),
    marketSubmissions: parseRateLimit(env.RATE_LIMIT_MARKET_SUBMISSIONS, DEFAULT_RATE_LIMITS.marketSubmissions),
    measurements: parseRateLimit(env.RATE_LIMIT_MEASUREMENTS, DEFAULT_RATE_LIMITS.measurements),
    clientErrors: parseRateLimit(env.RATE_LIMIT_CLIENT_ERRORS, { limit: 20, windowSeconds: MINUTE }),
  };
}

/** The defaults other modules name (tests, texts that state the limit). */
export const DEFAULT_RATE_LIMITS = {
  contact: { limit: 5, windowSeconds: HOUR },
  claims: { limit: 10, windowSeconds: DAY },
  forumReports: { limit: 20, windowSeconds: DAY },
  saves: { limit: 300, windowSeconds: HOUR },
  schedulePreview: { limit: 300, windowSeconds: 5 * MINUTE },
  marketSubmissions: { limit: 10, windowSeconds: DAY },
  measurements: { limit: 120, windowSeconds: MINUTE },
} satisfies Partial<Record<keyof RateLimits, RateLimit>>;

function positiveIntegerOrNull(value: string | undefined): number | null {
  const parsed = Number.parseInt(value ?? "", 10);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : null;
}

/** Where the contact form's messages go when CONTACT_EMAIL is not set. */
export const DEFAULT_CONTACT_EMAIL = "kontakt@loppeguiden.dk";

export interface HttpTimeouts {
  /** From the first byte until the last header line. */
  headersMs: number;
  /** From the first byte until the whole body (the largest upload on a slow phone fits). */
  requestMs: number;
  /** With nothing sent either way. */
  idleMs: number;
  /** How long a connection waits, open, for the next request. */
  keepAliveMs: number;
}

export type StorageSettings =
  | { driver: "disk"; dir: string }
  | {
      driver: "s3";
      endpoint: string | null;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

export const DEFAULT_S3_REGION = "us-east-1";

/** The naming rule S3 and its look-alikes share (lower case, 3–63 characters). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

const S3_VARIABLES = ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

function storageFrom(env: NodeJS.ProcessEnv, storageDir: string): StorageSettings {
  const bucket = orNull(env.S3_BUCKET);
  if (bucket === null) {
    // Half a bucket configuration must not quietly fall back to the disk.
    const stray = S3_VARIABLES.filter((name) => orNull(env[name]) !== null);
    if (stray.length > 0) throw new Error(`${stray.join(", ")} er sat, men S3_BUCKET mangler`);
    return { driver: "disk", dir: storageDir };
  }
  if (!BUCKET_NAME.test(bucket)) throw new Error(`S3_BUCKET skal være et gyldigt bucket-navn (a-z, 0-9, punktum og bindestreg), ikke "${bucket}"`);
  const endpoint = orNull(env.S3_ENDPOINT);
  if (endpoint !== null) {
    let url: URL | null = null;
    try {
      url = new URL(endpoint);
    } catch {
      // Reported below.
    }
    if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
      throw new Error(`S3_ENDPOINT skal være en http- eller https-adresse, ikke "${endpoint}"`);
    }
  }
  const accessKeyId = orNull(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = orNull(env.S3_SECRET_ACCESS_KEY);
  if (accessKeyId === null || secretAccessKey === null) {
    throw new Error("S3_ACCESS_KEY_ID og S3_SECRET_ACCESS_KEY skal begge være sat, når S3_BUCKET er sat");
  }
  return {
    driver: "s3",
    endpoint: endpoint?.replace(/\/+$/, "") ?? null,
    region: orNull(env.S3_REGION) ?? DEFAULT_S3_REGION,
    bucket,
    accessKeyId,
    secretAccessKey,
  };
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { headersMs: 10_000, requestMs: 120_000, idleMs: 30_000, keepAliveMs: 5_000 };

function millisecondsFrom(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) throw new Error(`${name} skal være et antal millisekunder, ikke "${value}"`);
  return ms;
}

function httpTimeoutsFrom(env: NodeJS.ProcessEnv): HttpTimeouts {
  const timeouts = {
    headersMs: millisecondsFrom(env.HTTP_HEADERS_TIMEOUT_MS, "HTTP_HEADERS_TIMEOUT_MS", DEFAULT_HTTP_TIMEOUTS.headersMs),
    requestMs: millisecondsFrom(env.HTTP_REQUEST_TIMEOUT_MS, "HTTP_REQUEST_TIMEOUT_MS", DEFAULT_HTTP_TIMEOUTS.requestMs),
    idleMs: millisecondsFrom(env.HTTP_IDLE_TIMEOUT_MS, "HTTP_IDLE_TIMEOUT_MS", DEFAULT_HTTP_TIMEOUTS.idleMs),
    keepAliveMs: millisecondsFrom(env.HTTP_KEEP_ALIVE_TIMEOUT_MS, "HTTP_KEEP_ALIVE_TIMEOUT_MS", DEFAULT_HTTP_TIMEOUTS.keepAliveMs),
  };
  // Node refuses a request timeout shorter than the headers'.
  if (timeouts.requestMs < timeouts.headersMs) throw new Error("HTTP_REQUEST_TIMEOUT_MS må ikke være kortere end HTTP_HEADERS_TIMEOUT_MS");
  return timeouts;
}

export const GOOGLE_DISCOVERY_URL = "https://accounts.google.com/.well-known/openid-configuration";

export const DEFAULT_MAP_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

const GA_MEASUREMENT_ID = /^G-[A-Z0-9]{4,20}$/;

function gaMeasurementIdFrom(env: NodeJS.ProcessEnv): string | null {
  const id = orNull(env.GA_MEASUREMENT_ID);
  if (id !== null && !GA_MEASUREMENT_ID.test(id)) {
    throw new Error(`GA_MEASUREMENT_ID skal ligne "G-ABC123XYZ", ikke "${id}"`);
  }
  return id;
}

function orNull(value: string | undefined): string | null {
  return value && value.trim() !== "" ? value.trim() : null;
}

/**
 * The session secret must never be a constant in the code: when it is not configured we make one
 * on first start and keep it under the data folder, so sessions survive a restart.
 */
function sessionSecretFrom(env: NodeJS.ProcessEnv, dataDir: string): string {
  const configured = orNull(env.SESSION_SECRET);
  if (configured) return configured;
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  // Written whole under a name of its own, then linked into place, which fails if another process
  // (WEB_CONCURRENCY starts several at once) was first: then all sign with that one.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, secret + "\n", { mode: 0o600 });
  try {
    linkSync(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readFileSync(file, "utf8").trim();
  } finally {
    unlinkSync(draft);
  }
}

/** The names Express knows for the private ranges, besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: unset, 0 or "false" trusts no proxy (X-Forwarded-For is ignored: a visitor could
 * write anything there); a number trusts that many hops in front; otherwise a comma-separated list
 * of the proxies' addresses or ranges. Never "true": that would trust whatever a visitor sends.
 */
function trustProxyFrom(value: string | undefined): TrustProxy {
  const setting = orNull(value);
  if (setting === null || setting === "0" || setting.toLowerCase() === "false") return false;
  if (/^\d+$/.test(setting)) return Number(setting);
  const entries = setting.split(",").map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) {
    throw new Error(`TRUST_PROXY skal være et antal led eller en liste af adresser og net (fx 10.0.0.0/8,loopback), ikke "${wrong}"`);
  }
  return entries;
}

function positiveIntegerFrom(value: string | undefined, name: string, fallback: number): number {
  const setting = orNull(value);
  if (setting === null) return fallback;
  if (!/^\d+$/.test(setting) || Number(setting) < 1) throw new Error(`${name} skal være et helt tal over 0, ikke "${setting}"`);
  return Number(setting);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? "data");
  const port = Number.parseInt(env.PORT ?? "3000", 10);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT skal være et portnummer, ikke "${env.PORT}"`);
  }
  const storageDir = path.resolve(orNull(env.STORAGE_DIR) ?? path.join(dataDir, "uploads"));
  return {
    port,
    baseUrl: (orNull(env.BASE_URL) ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    databaseUrl: orNull(env.DATABASE_URL) ?? `file:${path.join(dataDir, "loppeguiden.db")}`,
    dataDir,
    storageDir,
    storage: storageFrom(env, storageDir),
    sessionSecret: sessionSecretFrom(env, dataDir),
    smtpUrl: orNull(env.SMTP_URL),
    mailFrom: orNull(env.MAIL_FROM) ?? "Loppeguiden <noreply@loppeguiden.dk>",
    googleClientId: orNull(env.GOOGLE_CLIENT_ID),
    googleClientSecret: orNull(env.GOOGLE_CLIENT_SECRET),
    googleDiscoveryUrl: orNull(env.GOOGLE_DISCOVERY_URL) ?? GOOGLE_DISCOVERY_URL,
    emailVerification: env.EMAIL_VERIFICATION !== "0",
    mapTileUrl: orNull(env.MAP_TILE_URL) ?? DEFAULT_MAP_TILE_URL,
    adminEmails: (env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    logLevel: orNull(env.LOG_LEVEL) ?? "info",
    isProduction: env.NODE_ENV === "production",
    pageCacheBytes: Math.max(0, Number(env.PAGE_CACHE_MB ?? 64)) * 1024 * 1024,
    cacheGenerationPollMs: Math.max(100, Number(env.CACHE_POLL_MS ?? 2000)),
    liveRecheckMs: Math.min(30_000, Math.max(100, Number(env.LIVE_RECHECK_MS ?? 30_000))),
    seedDemoData: env.DEMO_DATA !== "0",
    enableTestRoutes: env.LOPPEGUIDEN_TEST_ROUTES === "1",
    gaMeasurementId: gaMeasurementIdFrom(env),
    httpTimeouts: httpTimeoutsFrom(env),
    rateLimits: rateLimitsFrom(env),
    contactEmail: orNull(env.CONTACT_EMAIL) ?? DEFAULT_CONTACT_EMAIL,
    sitemapMaxUrls: positiveIntegerOrNull(env.SITEMAP_MAX_URLS),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    databasePoolSize: positiveIntegerFrom(env.DATABASE_POOL_SIZE, "DATABASE_POOL_SIZE", 10),
  };
}

/** The origin of the map tile URL template, for the Content-Security-Policy. */
export function tileOrigin(tileUrl: string): string {
  const url = new URL(tileUrl.replace(/\{[a-z]\}/g, "a"));
  // "{s}.tile.example.org" serves from several subdomains: allow them all.
  const host = tileUrl.includes("{s}.") ? `*.${url.host.replace(/^a\./, "")}` : url.host;
  return `${url.protocol}//${host}`;
}
