import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { createUser, uniqueEmail } from "../support/factories";
import { IDENTITY_COOKIE, PICTURE_COLOUR, identityCookie, startOidcStandIn, type OidcStandIn, type StandInIdentity } from "../support/oidc-stand-in";
import { startSite, type Client, type Site, type SiteResponse } from "../support/site";

/**
 * Sign-in with Google as the server answers it, against a local OpenID Connect stand-in
 * (tests/support/oidc-stand-in.ts) that the site reaches through GOOGLE_DISCOVERY_URL: the auth
 * library's own code path runs unchanged, with state, PKCE, nonce and the ID token's signature
 * checked. The button is a plain form post and every step after it a redirect, so a browser adds
 * nothing here.
 */

const texts = translation.auth;

let google: OidcStandIn;
let site: Site;

beforeAll(async () => {
  google = await startOidcStandIn({ clientId: "loppeguiden-test", clientSecret: "stand-in-secret" });
  site = await startSite({
    env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret, GOOGLE_DISCOVERY_URL: google.discoveryUrl },
  });
});

afterAll(async () => {
  await site?.close();
  await google?.stop();
});

/** Follows the site's redirects as a browser does; every answer on the way, the last one the page. */
async function followAll(client: Client, first: SiteResponse): Promise<SiteResponse[]> {
  const answers = [first];
  while (answers.at(-1)!.status >= 300 && answers.at(-1)!.status < 400) {
    if (answers.length > 10) throw new Error(`Too many redirects: ${answers.map((answer) => answer.path).join(" → ")}`);
    answers.push(await client.follow(answers.at(-1)!));
  }
  return answers;
}

/**
 * "Log ind med Google" pressed on the sign-in page, as `identity` at Google: the button's post,
 * Google's answer, and the site's redirects after it. The address at Google and every answer of the site.
 */
async function signInWithGoogle(client: Client, identity: StandInIdentity, next: string): Promise<{ authorize: URL; answers: SiteResponse[] }> {
  const start = await client.post("/auth/google", { next });
  expect(start.status).toBe(303);
  const authorize = new URL(start.location!);
  expect(authorize.origin).toBe(google.issuer);
  // The person is signed in at Google (the stand-in reads who from its own cookie) and says yes or no.
  const atGoogle = await fetch(authorize, { redirect: "manual", headers: { Cookie: `${IDENTITY_COOKIE}=${identityCookie(identity)}` } });
  expect(atGoogle.status).toBe(302);
  const back = new URL(atGoogle.headers.get("location")!);
  expect(back.origin).toBe(site.url);
  return { authorize, answers: await followAll(client, await client.get(`${back.pathname}${back.search}`)) };
}

/** The toast the redirects left for the page they end on. */
const toastOf = (answers: SiteResponse[]) => answers.at(-1)!.html.toasts();
const landedOn = (answers: SiteResponse[]) => new URL(answers.at(-1)!.path, site.url);

describe("sign-in with Google", () => {
  test("the button asks Google for offline access with consent; the visitor returns signed in to next, and the next time to the same account", async () => {
    const signInPage = await site.get("/sign-in?next=/kalender");
    expect(signInPage.html.one('form[action="/auth/google"] input[name="next"]')?.getAttribute("value")).toBe("/kalender");
    expect(signInPage.html.text('form[action="/auth/google"] button')).toBe(texts.google.button);

    const email = uniqueEmail("google");
    const client = site.client();
    const first = await signInWithGoogle(client, { email, name: "Gitte Google" }, "/kalender");
    const query = first.authorize.searchParams;
    expect(query.get("access_type")).toBe("offline");
    expect(query.get("prompt")).toBe("consent");
    expect(query.get("scope")?.split(" ").sort()).toEqual(["email", "openid", "profile"]);
    expect(query.get("code_challenge_method")).toBe("S256");
    expect(query.get("redirect_uri")).toBe(`${site.url}/api/auth/callback/google`);
    expect(landedOn(first.answers).pathname).toBe("/kalender");
    expect(first.answers.at(-1)!.status).toBe(200);
    // A first visit makes the account.
    expect(toastOf(first.answers).map((toast) => toast.title)).toEqual([texts.toasts.signedUp]);
    expect(client.session).toBeDefined();
    const users = await site.database.db.selectFrom("user").select("id").where("email", "=", email).execute();
    expect(users).toHaveLength(1);

    // The next time, the same Google account signs in to the same user.
    const again = site.client();
    const second = await signInWithGoogle(again, { email, name: "Gitte Google" }, "/register");
    expect(landedOn(second.answers).pathname).toBe("/register");
    expect(toastOf(second.answers).map((toast) => toast.title)).toEqual([texts.toasts.welcomeBack]);
    expect(await site.database.db.selectFrom("user").select("id").where("email", "=", email).execute()).toEqual(users);
    expect((await again.get("/dashboard")).status).toBe(200);
  });

  test("the Google picture becomes the avatar, re-encoded and served from the site", async () => {
    const email = uniqueEmail("billede");
    const client = site.client();
    const { answers } = await signInWithGoogle(client, { email, name: "Pia Portræt", picture: true }, "/dashboard/indstillinger");
    expect(landedOn(answers).pathname).toBe("/dashboard/indstillinger");

    const avatarOf = async () =>
      (
        await site.database.db
          .selectFrom("profiles")
          .innerJoin("user", "user.id", "profiles.auth_user_id")
          .select("profiles.avatar_url")
          .where("user.email", "=", email)
          .executeTakeFirstOrThrow()
      ).avatar_url;
    await expect.poll(avatarOf).toMatch(/^\/billeder\/avatars\/[0-9a-f-]{36}\/[0-9a-f]{32}-256\.webp$/);
    const avatar = (await avatarOf())!;
    const settings = await client.get("/dashboard/indstillinger");
    const shown = settings.html
      .region(translation.settings.avatar.heading)
      .all("img")
      .find((image) => image.getAttribute("alt") === translation.settings.avatar.currentAlt);
    expect(shown?.getAttribute("src")).toBe(avatar);

    const served = await site.get(avatar);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const { data, info } = await sharp(served.body).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([256, 256]);
    // The stand-in's orange, give or take the WebP encoding.
    expect(Math.abs(data[0]! - PICTURE_COLOUR.r) + Math.abs(data[1]! - PICTURE_COLOUR.g) + Math.abs(data[2]! - PICTURE_COLOUR.b)).toBeLessThan(30);
  });

  test("a visitor who says no at Google is back on the sign-in page with Fejl ved Google-login", async () => {
    const client = site.client();
    const { answers } = await signInWithGoogle(client, { email: uniqueEmail("nej"), name: "Nej Tak", deny: true }, "/kalender");
    expect(landedOn(answers).pathname).toBe("/sign-in");
    expect(landedOn(answers).searchParams.get("next")).toBe("/kalender");
    expect(toastOf(answers)).toEqual([{ title: texts.toasts.googleFailed, description: texts.google.errors.denied }]);
    expect(client.session).toBeUndefined();
  });

  test("a return from Google that the site did not start is refused", async () => {
    const client = site.client();
    const answers = await followAll(client, await client.get("/api/auth/callback/google?code=opdigtet&state=opdigtet"));
    expect(landedOn(answers).pathname).toBe("/sign-in");
    expect(toastOf(answers).map((toast) => toast.title)).toEqual([texts.toasts.googleFailed]);
    expect(client.session).toBeUndefined();
  });

  test("a Google account is not joined to an unconfirmed account with the same address", async () => {
    const email = uniqueEmail("ikke-bekraeftet");
    await createUser(site.database, { email, name: "Først Med Kode", verified: false });
    const client = site.client();
    const { answers } = await signInWithGoogle(client, { email, name: "Den Rigtige Ejer" }, "/");
    expect(landedOn(answers).pathname).toBe("/sign-in");
    expect(toastOf(answers)).toEqual([{ title: texts.toasts.googleFailed, description: texts.google.errors.notLinked }]);
    expect(client.session).toBeUndefined();
  });
});
