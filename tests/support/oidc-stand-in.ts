import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import sharp from "sharp";

/**
 * A stand-in for Google's OpenID Connect service, for the tests that sign in with Google: discovery, authorize,
 * token, userinfo and jwks, with ID tokens signed by a key made at start. The app reaches it
 * through GOOGLE_DISCOVERY_URL and cannot tell it from Google, so the tests run the real code path:
 * state, PKCE, nonce, issuer and signature checks included.
 *
 * Who "is signed in at Google" comes from a cookie on the stand-in's own address, which a test sets
 * on its browser context (identityCookie); without it a fixed test person signs in. "Consent" is
 * given at once, unless the identity says deny, which answers like Google when the person
 * clicks Cancel (error=access_denied).
 */

export const IDENTITY_COOKIE = "stand-in-identity";

export interface StandInIdentity {
  email: string;
  name: string;
  /** Answer as if the person refused at the consent screen. */
  deny?: boolean;
  /** A "picture" claim pointing at the stand-in's PNG (PICTURE_PATH), as Google points at its image host. */
  picture?: boolean;
}

/** The profile picture the stand-in serves: an orange square, so a test can tell it apart. */
export const PICTURE_PATH = "/picture.png";
export const PICTURE_COLOUR = { r: 230, g: 120, b: 20 };

export interface OidcStandIn {
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  stop: () => Promise<void>;
}

const DEFAULT_IDENTITY: StandInIdentity = { email: "google-bruger@example.com", name: "Google Bruger" };

/** The cookie value a test puts on the stand-in's address to choose who signs in. */
export function identityCookie(identity: StandInIdentity): string {
  return Buffer.from(JSON.stringify(identity)).toString("base64url");
}

function identityFrom(request: IncomingMessage): StandInIdentity {
  const raw = request.headers.cookie?.match(new RegExp(`(?:^|;\\s*)${IDENTITY_COOKIE}=([^;]+)`))?.[1];
  if (!raw) return DEFAULT_IDENTITY;
  try {
    return JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as StandInIdentity;
  } catch {
    return DEFAULT_IDENTITY;
  }
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString("base64url");

function signJwt(payload: Record<string, unknown>, key: KeyObject, kid: string): string {
  const input = `${base64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }))}.${base64url(JSON.stringify(payload))}`;
  return `${input}.${base64url(sign("sha256", Buffer.from(input), key))}`;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  nonce: string | null;
  identity: StandInIdentity;
  expiresAt: number;
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  response.end(JSON.stringify(body));
}

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export async function startOidcStandIn(options: { clientId: string; clientSecret: string }): Promise<OidcStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomBytes(8).toString("hex");
  const jwk = { ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" };
  const picture = sharp({ create: { width: 400, height: 300, channels: 3, background: PICTURE_COLOUR } })
    .png()
    .toBuffer();
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, StandInIdentity>();
  let issuer = "";

  const subjectOf = (identity: StandInIdentity) => createHash("sha256").update(identity.email.toLowerCase()).digest("hex").slice(0, 21);
  const claimsOf = (identity: StandInIdentity) => ({
    sub: subjectOf(identity),
    email: identity.email,
    email_verified: true,
    name: identity.name,
    ...(identity.picture ? { picture: `${issuer}${PICTURE_PATH}` } : {}),
  });

  function clientAuthenticated(request: IncomingMessage, body: URLSearchParams): boolean {
    const basic = request.headers.authorization?.match(/^Basic (.+)$/)?.[1];
    if (basic) {
      const [id, secret] = Buffer.from(basic, "base64").toString("utf8").split(":").map(decodeURIComponent);
      return id === options.clientId && secret === options.clientSecret;
    }
    return body.get("client_id") === options.clientId && body.get("client_secret") === options.clientSecret;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", issuer);
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(response, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "email", "profile"],
        token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
        code_challenge_methods_supported: ["S256"],
        claims_supported: ["sub", "email", "email_verified", "name", "picture"],
      });
    }
    if (url.pathname === "/jwks") return json(response, 200, { keys: [jwk] });
    if (url.pathname === PICTURE_PATH) {
      response.writeHead(200, { "Content-Type": "image/png" });
      return response.end(await picture);
    }

    if (url.pathname === "/authorize") {
      const query = url.searchParams;
      const redirectUri = query.get("redirect_uri");
      if (query.get("client_id") !== options.clientId || !redirectUri || query.get("response_type") !== "code") {
        response.writeHead(400, { "Content-Type": "text/plain" });
        return response.end("invalid authorization request");
      }
      const back = new URL(redirectUri);
      const state = query.get("state");
      if (state) back.searchParams.set("state", state);
      back.searchParams.set("iss", issuer);
      const identity = identityFrom(request);
      if (identity.deny) {
        back.searchParams.set("error", "access_denied");
      } else {
        const code = randomBytes(16).toString("base64url");
        codes.set(code, {
          clientId: options.clientId,
          redirectUri,
          codeChallenge: query.get("code_challenge_method") === "S256" ? query.get("code_challenge") : null,
          nonce: query.get("nonce"),
          identity,
          expiresAt: Date.now() + 60_000,
        });
        back.searchParams.set("code", code);
      }
      response.writeHead(302, { Location: back.href });
      return response.end();
    }

    if (url.pathname === "/token" && request.method === "POST") {
      const body = await formBody(request);
      if (!clientAuthenticated(request, body)) return json(response, 401, { error: "invalid_client" });
      const code = body.get("code") ?? "";
      const pending = codes.get(code);
      codes.delete(code);
      if (!pending || pending.expiresAt < Date.now() || pending.redirectUri !== body.get("redirect_uri")) {
        return json(response, 400, { error: "invalid_grant" });
      }
      if (pending.codeChallenge) {
        const verifier = body.get("code_verifier") ?? "";
        if (createHash("sha256").update(verifier).digest("base64url") !== pending.codeChallenge) return json(response, 400, { error: "invalid_grant" });
      }
      const accessToken = randomBytes(24).toString("base64url");
      accessTokens.set(accessToken, pending.identity);
      const now = Math.floor(Date.now() / 1000);
      const idToken = signJwt(
        { iss: issuer, aud: options.clientId, iat: now, exp: now + 3600, ...(pending.nonce ? { nonce: pending.nonce } : {}), ...claimsOf(pending.identity) },
        privateKey,
        kid,
      );
      return json(response, 200, {
        access_token: accessToken,
        token_type: "Bearer",
        expires_in: 3600,
        refresh_token: randomBytes(24).toString("base64url"),
        scope: "openid email profile",
        id_token: idToken,
      });
    }

    if (url.pathname === "/userinfo") {
      const token = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
      const identity = token ? accessTokens.get(token) : undefined;
      if (!identity) return json(response, 401, { error: "invalid_token" });
      return json(response, 200, claimsOf(identity));
    }

    response.writeHead(404, { "Content-Type": "text/plain" });
    response.end("not found");
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => json(response, 500, { error: "server_error", error_description: String(error) }));
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  issuer = `http://127.0.0.1:${port}`;
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
