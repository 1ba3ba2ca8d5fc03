import type { ServerBuild } from "react-router";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import type http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEFAULT_HTTP_TIMEOUTS, loadConfig, type Config } from "../../app/lib/config.server";
import type { AppDatabase } from "../../app/lib/db/database.server";
import { FLASH_COOKIE, readFlash, type FlashMessage } from "../../app/http/flash.server";
import { createHttpServer } from "../../server/http-server";
import { createDemoDatabase } from "./demo-database";
import { createAccount, type Cookie, type SiteTarget, type TestAccount, type UserOptions } from "./factories";
import { Html } from "./html";
import { linkIn, mailsTo, startMailCatcher, waitForMail, type MailCatcher, type ReceivedMail } from "./mailbox";
import { createTestDatabase, type TestDatabase } from "./test-database";

/**
 * The site at the level of requests, for the integration suite: the production bundle's Express app
 * (middleware, auth allow-list, React Router pages) on a fresh test database of the project's kind,
 * served on 127.0.0.1 with the production HTTP server's settings. Tests send requests with cookies,
 * forms and headers, and read status, headers and HTML, as a browser without JavaScript would.
 *
 * The bundle (build/server/index.js, server/app.ts's createSite) is loaded by Node itself, as
 * `npm start` loads it, once per worker: its modules (config, database, auth) are its own, so tests
 * talk to it only over HTTP and arrange data through their own connection to the same database
 * (site.database). Each site answers inside its own context (app/lib/site-context.server.ts), so a
 * worker runs file after file, and a file may start as many sites as it needs.
 */

const BUNDLE = path.resolve(import.meta.dirname, "../../build/server/index.js");

interface BuiltSite {
  handle: http.RequestListener;
  appDatabase: AppDatabase;
  flushMarketViews: () => Promise<number>;
  stopClearingOnWrites: () => void;
  stopLive: () => Promise<void>;
}

interface Bundle {
  createSite(settings: Config, options?: { poolSize?: number }): Promise<BuiltSite>;
  /** The route modules, each with what it exports (its middleware and the access it declares). */
  routeModules: ServerBuild["routes"];
}

/** The production bundle's server module, loaded as `npm start` loads it. */
export function loadBundle(file = BUNDLE): Bundle {
  if (!existsSync(file)) {
    throw new Error(`No build found at ${file}: the request-level tests serve the built site. Run \`npm run build\` first (\`npm test\` does it).`);
  }
  // require() of an ES module: Node's own loader, not Vitest's transform, so the code is exactly what production runs.
  const bundle = createRequire(import.meta.url)(file) as Partial<Bundle>;
  if (typeof bundle.createSite !== "function") {
    throw new Error("build/server/index.js has no createSite: the build is older than server/app.ts. Run `npm run build`.");
  }
  return bundle as Bundle;
}

/** What the browser suite's server gets too (setup-server.ts): every test signs in and writes from 127.0.0.1. */
const GENEROUS_CLIENT_LIMITS = {
  RATE_LIMIT_SIGN_IN_IP: "100000/60",
  RATE_LIMIT_SIGN_UP_IP: "100000/60",
  RATE_LIMIT_AUTH_MAIL_IP: "100000/60",
  RATE_LIMIT_CONTACT: "100000/60",
  RATE_LIMIT_MEASUREMENTS: "100000/60",
};

export interface SiteOptions {
  /**
   * Environment over the defaults below. It is what the app reads: loadConfig's settings, and the
   * rate limits read at each request.
   */
  env?: Record<string, string>;
  /**
   * Start on a copy of the demo data (tests/support/demo-database.ts, seeded once per run) instead
   * of an empty database: for the pages that need many markets. SQLite only.
   */
  demoData?: boolean;
}

/* ---- Requests and responses ---- */

export type FormFields = Record<string, string | string[]>;

export interface RequestOptions {
  headers?: Record<string, string>;
  /** The Cookie header: as it is sent, or cookies by name. */
  cookies?: string | Cookie[];
  /**
   * The Origin header. By default a state-changing request carries the site's own, as a browser's
   * form post does; null sends none (a script), a string another site's.
   */
  origin?: string | null;
  /** A form (urlencoded), a FormData (multipart, for files), or a body as it is. */
  body?: FormFields | URLSearchParams | FormData | string | Buffer;
  /** A JSON body. */
  json?: unknown;
}

export class SiteResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Buffer;
  /** The path and query asked for. */
  readonly path: string;
  #html: Html | null = null;

  constructor(path: string, status: number, headers: Headers, body: Buffer) {
    this.path = path;
    this.status = status;
    this.headers = headers;
    this.body = body;
  }

  get location(): string | null {
    return this.headers.get("location");
  }

  get setCookies(): string[] {
    return this.headers.getSetCookie();
  }

  get text(): string {
    return this.body.toString("utf8");
  }

  json<T = unknown>(): T {
    return JSON.parse(this.text) as T;
  }

  /** The document, to read as a person would (headings, fields and their messages, toasts). */
  get html(): Html {
    this.#html ??= new Html(this.text);
    return this.#html;
  }

  /** The Set-Cookie header for this cookie, or undefined when the response does not set it. */
  setCookie(name: string): string | undefined {
    return this.setCookies.find((header) => header.startsWith(`${name}=`));
  }

  /** The value this response gives the cookie: "" when it deletes it, undefined when it leaves it alone. */
  cookie(name: string): string | undefined {
    const header = this.setCookie(name);
    if (header === undefined) return undefined;
    const value = decodeURIComponent(header.slice(name.length + 1).split(";")[0]!);
    return /;\s*Max-Age=0\b/i.test(header) ? "" : value;
  }

  /**
   * Where a data request (a form posted by the page's JavaScript to "<page>.data") is sent on: React
   * Router answers 202 with the redirect in its stream ([…, "redirect", "<to>", …]). Null for none.
   */
  get dataRedirect(): string | null {
    if (this.headers.get("x-remix-response") !== "yes") return null;
    const stream = JSON.parse(this.text.split("\n")[0]!) as unknown[];
    const at = stream.indexOf("redirect");
    return at >= 0 && typeof stream[at + 1] === "string" ? (stream[at + 1] as string) : null;
  }

  /** The message this response leaves for the next page (a redirect's toast), or null. */
  get flash(): FlashMessage | null {
    const value = this.cookie(FLASH_COOKIE);
    return value ? readFlash(`${FLASH_COOKIE}=${encodeURIComponent(value)}`) : null;
  }
}

function formBody(body: RequestOptions["body"]): { content?: string | Uint8Array<ArrayBuffer> | FormData | URLSearchParams; type?: string } {
  if (body === undefined) return {};
  if (typeof body === "string") return { content: body };
  if (Buffer.isBuffer(body)) return { content: new Uint8Array(body) };
  if (body instanceof FormData) return { content: body };
  if (body instanceof URLSearchParams) return { content: body, type: "application/x-www-form-urlencoded" };
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  return { content: form, type: "application/x-www-form-urlencoded" };
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/* ---- The site ---- */

export class Site implements SiteTarget {
  /** http://127.0.0.1:<port>, also the site's BASE_URL (links in mails lead here). */
  readonly url: string;
  /** The tests' own connection to the site's database, for arranging and reading data. */
  readonly database: TestDatabase;
  /** The settings the site runs with. */
  readonly config: Config;
  readonly kind: TestDatabase["kind"];
  readonly #server: http.Server;
  readonly #mail: MailCatcher;
  readonly #cleanUp: () => Promise<void>;
  /** Writes the market page views the site has counted so far, as its timer does every minute. */
  readonly flushMarketViews: () => Promise<number>;

  constructor(url: string, database: TestDatabase, config: Config, server: http.Server, mail: MailCatcher, cleanUp: () => Promise<void>, flushMarketViews: () => Promise<number>) {
    this.url = url;
    this.database = database;
    this.config = config;
    this.kind = database.kind;
    this.#server = server;
    this.#mail = mail;
    this.#cleanUp = cleanUp;
    this.flushMarketViews = flushMarketViews;
  }

  /** What its session cookies are signed with (SESSION_SECRET). */
  get sessionSecret(): string {
    return this.config.sessionSecret;
  }

  /** Where uploads are kept (STORAGE_DIR). */
  get storageDir(): string {
    return this.config.storageDir;
  }

  /** One request, never following a redirect. */
  async request(method: string, path: string, options: RequestOptions = {}): Promise<SiteResponse> {
    const headers = new Headers(options.headers);
    const cookies = typeof options.cookies === "string" ? options.cookies : options.cookies?.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
    if (cookies) headers.set("Cookie", cookies);
    // A connection of its own for each request: the server hangs up after refusing a body unread
    // (server/request-guards.ts), and a pooled connection would carry that into the next test.
    headers.set("Connection", "close");
    // Plain answers unless a test asks for compressed ones: compressing every page here and
    // decoding it again cost the suite seconds and checks nothing a test reads.
    if (!headers.has("Accept-Encoding")) headers.set("Accept-Encoding", "identity");
    const origin = options.origin === undefined ? (STATE_CHANGING.has(method) ? this.url : null) : options.origin;
    if (origin !== null) headers.set("Origin", origin);
    const body = options.json !== undefined ? { content: JSON.stringify(options.json), type: "application/json" } : formBody(options.body);
    if (body.type && !headers.has("Content-Type")) headers.set("Content-Type", body.type);
    let content = body.content;
    // Sent whole, as a browser sends a form: with its length, never in chunks of unknown size.
    if (content instanceof FormData || content instanceof URLSearchParams) {
      const encoded = new Request(this.url, { method: "POST", body: content });
      const type = encoded.headers.get("Content-Type");
      if (type && !headers.has("Content-Type")) headers.set("Content-Type", type);
      content = new Uint8Array(await encoded.arrayBuffer());
    }
    const response = await fetch(new URL(path, this.url), { method, headers, body: content, redirect: "manual" });
    return new SiteResponse(path, response.status, response.headers, Buffer.from(await response.arrayBuffer()));
  }

  get(path: string, options: Omit<RequestOptions, "body" | "json"> = {}): Promise<SiteResponse> {
    return this.request("GET", path, options);
  }

  post(path: string, body: RequestOptions["body"], options: Omit<RequestOptions, "body"> = {}): Promise<SiteResponse> {
    return this.request("POST", path, { ...options, body });
  }

  /** A browser of its own: it keeps the cookies the site sets and sends them back. */
  client(cookies: Cookie[] = []): Client {
    return new Client(this, cookies);
  }

  /** A confirmed account (tests/support/factories.ts), and a client signed in as it. */
  async signedIn(options: UserOptions = {}): Promise<{ account: TestAccount; client: Client }> {
    const account = await createAccount(this, options);
    return { account, client: this.client(account.cookies) };
  }

  /* Mail the site sent, caught by a real SMTP server (tests/support/mailbox.ts). */

  mailsTo(address: string): ReceivedMail[] {
    return mailsTo(this.#mail.dir, address);
  }

  waitForMail(address: string, options: { after?: ReceivedMail; timeoutMs?: number } = {}): Promise<ReceivedMail> {
    return waitForMail(this.#mail.dir, address, options);
  }

  /** The path and query of the mail's first link to this path of the site. */
  linkIn(mail: ReceivedMail, pathname: string): string {
    const link = new URL(linkIn(mail, pathname));
    return `${link.pathname}${link.search}`;
  }

  /** Stops serving, closes both connections to the database and removes it with the site's folders. */
  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
    await this.#cleanUp();
  }
}

/** A browser without JavaScript: cookies kept as the site sets and deletes them. */
export class Client {
  readonly site: Site;
  readonly cookies = new Map<string, string>();

  constructor(site: Site, cookies: Cookie[] = []) {
    this.site = site;
    for (const cookie of cookies) this.cookies.set(cookie.name, cookie.value);
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** The session cookie's value, or undefined when signed out. */
  get session(): string | undefined {
    return [...this.cookies].find(([name]) => name.endsWith("session_token"))?.[1];
  }

  async request(method: string, path: string, options: Omit<RequestOptions, "cookies"> = {}): Promise<SiteResponse> {
    const response = await this.site.request(method, path, { ...options, cookies: this.cookieHeader });
    for (const header of response.setCookies) {
      const pair = header.split(";")[0]!;
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (value === "" || /;\s*Max-Age=0\b/i.test(header) || /;\s*Expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(path: string, options: Omit<RequestOptions, "body" | "json" | "cookies"> = {}): Promise<SiteResponse> {
    return this.request("GET", path, options);
  }

  post(path: string, body: RequestOptions["body"], options: Omit<RequestOptions, "body" | "cookies"> = {}): Promise<SiteResponse> {
    return this.request("POST", path, { ...options, body });
  }

  /** Goes where a redirect leads, as a browser does (with GET); fails when the response is not a redirect. */
  follow(response: SiteResponse): Promise<SiteResponse> {
    if (response.status < 300 || response.status > 399 || !response.location) {
      throw new Error(`${response.path} answered ${response.status}, not a redirect:\n${response.text.slice(0, 500)}`);
    }
    const target = new URL(response.location, new URL(response.path, this.site.url));
    if (target.origin !== new URL(this.site.url).origin) throw new Error(`${response.path} leads off the site, to ${response.location}`);
    return this.get(`${target.pathname}${target.search}`);
  }

  /** Posts the form and follows where it leads. */
  async submit(path: string, body: RequestOptions["body"], options: Omit<RequestOptions, "body" | "cookies"> = {}): Promise<{ answer: SiteResponse; page: SiteResponse }> {
    const answer = await this.post(path, body, options);
    return { answer, page: await this.follow(answer) };
  }
}

let bundle: Bundle | null = null;

/**
 * Starts the site on a fresh test database (SQLite or PostgreSQL, as the project says) with a
 * mailbox of its own; close it after the file's tests.
 */
export async function startSite(options: SiteOptions = {}): Promise<Site> {
  bundle ??= loadBundle();
  const dataDir = mkdtempSync(path.join(tmpdir(), "lg-site-"));
  const mailDir = path.join(dataDir, "mail");
  const cleanUps: (() => Promise<unknown>)[] = [async () => rmSync(dataDir, { recursive: true, force: true })];
  const cleanUp = async () => {
    for (const step of cleanUps.splice(0).reverse()) await step();
  };
  try {
    const database = options.demoData ? await createDemoDatabase() : await createTestDatabase();
    cleanUps.push(() => database.destroy());
    const mail = await startMailCatcher(mailDir);
    cleanUps.push(mail.stop);

    // The address is known once the server listens; the app is built for it and plugged in then.
    let handle: http.RequestListener = (_req, res) => res.writeHead(503).end();
    const server = createHttpServer((req, res) => handle(req, res), DEFAULT_HTTP_TIMEOUTS);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanUps.push(() => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const env: Record<string, string> = {
      NODE_ENV: "production",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      BASE_URL: url,
      SESSION_SECRET: randomBytes(32).toString("base64url"),
      SMTP_URL: mail.url,
      EMAIL_VERIFICATION: "1",
      DEMO_DATA: "0",
      // Pages change with the data tests write from their own connection: no copies kept between requests.
      PAGE_CACHE_MB: "0",
      LOPPEGUIDEN_TEST_ROUTES: "1",
      MAP_TILE_URL: `${url}/test/kortflise/{z}/{x}/{y}`,
      ...GENEROUS_CLIENT_LIMITS,
      ...options.env,
    };
    const settings = loadConfig(env);
    const built = await bundle.createSite(settings, { poolSize: 4 });
    cleanUps.push(
      () => built.appDatabase.close(),
      async () => built.stopClearingOnWrites(),
      () => built.stopLive(),
    );
    handle = built.handle;
    return new Site(url, database, settings, server, mail, cleanUp, built.flushMarketViews);
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
