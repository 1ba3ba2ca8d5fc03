import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { createTestMarket, signIn, type Cookie, type TestAccount, type UserOptions } from "../support/factories";
import { startSite, type Client, type Site, type SiteResponse } from "../support/site";

/**
 * The settings page's seven forms as the server answers them (app/account/settings.server.ts):
 * what each post changes, where it leads, the toast it leaves and the messages at the fields when
 * it is refused, as a browser without JavaScript gets them. What the page does with JavaScript is
 * in tests/e2e/settings.test.ts.
 */

const texts = translation.settings;
/** The messages every form shares (app/forms/fields.ts). */
const formTexts = translation.forms;
const imageErrors = translation.images.errors;
const AVATAR_TOO_LARGE = imageErrors.tooLargeLimit.replace("{{size}}", "5 MB");
const SETTINGS = "/dashboard/indstillinger";
const DATA_EXPORT = "/dashboard/indstillinger/mine-data";

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

async function signedIn(options: UserOptions = {}): Promise<{ account: TestAccount; client: Client }> {
  return site.signedIn(options);
}

function userRow(id: string) {
  return site.database.db.selectFrom("user").select(["name", "email", "image"]).where("id", "=", id).executeTakeFirst();
}

function profileRow(id: string) {
  return site.database.db.selectFrom("profiles").select(["email", "avatar_url"]).where("auth_user_id", "=", id).executeTakeFirst();
}

async function ownerOf(marketId: string): Promise<string | null> {
  return (await site.database.db.selectFrom("markets").select("owner_id").where("id", "=", marketId).executeTakeFirstOrThrow()).owner_id;
}

async function statusOf(path: string, cookies: Cookie[] | string): Promise<{ status: number; location: string | null }> {
  const response = await site.get(path, { cookies });
  return { status: response.status, location: response.location };
}

function avatarFile(avatarUrl: string, size: 256 | 96): string {
  return path.join(site.storageDir, avatarUrl.replace("/billeder/", "").replace("-256.webp", `-${size}.webp`));
}

/** A real photo-like PNG with camera metadata that must not survive the upload. */
function photo(colour: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .png()
    .withExif({ IFD0: { Copyright: "Hemmelig Fotograf", Make: "Kamera A/S" } })
    .toBuffer();
}

/** The picture form as a browser sends it: multipart, with the file. */
function avatarForm(file: Buffer, name = "ferie.png", type = "image/png"): FormData {
  const form = new FormData();
  form.set("intent", "avatar");
  form.set("avatar", new File([new Uint8Array(file)], name, { type }));
  return form;
}

const toastTitles = (response: SiteResponse) => response.html.toasts().map((toast) => toast.title);

describe("name and theme", () => {
  test("a new name is saved, trimmed, with a toast, and shows in the dashboard menu", async () => {
    const { account, client } = await signedIn({ name: "Gammelt Navn" });
    const { answer, page } = await client.submit(SETTINGS, { intent: "name", name: "  Ny Nielsen  " });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(SETTINGS);
    expect(answer.flash).toMatchObject({ title: texts.toasts.nameSaved, variant: "success" });
    expect(page.status).toBe(200);
    expect(toastTitles(page)).toEqual([texts.toasts.nameSaved]);
    expect(page.html.text("aside")).toContain("Ny Nielsen");
    expect((await userRow(account.id))?.name).toBe("Ny Nielsen");
    // The page that showed the toast deletes its cookie: the next page shows none.
    expect(toastTitles(await client.get(SETTINGS))).toEqual([]);
  });

  test("the theme is saved in a cookie with a toast, and the page comes back in it", async () => {
    const { client } = await signedIn();
    const { answer, page } = await client.submit(SETTINGS, { intent: "theme", theme: "dark" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(SETTINGS);
    expect(answer.cookie("loppeguiden-theme")).toBe("dark");
    expect(page.html.htmlClass).toBe("dark");
    expect(toastTitles(page)).toEqual([texts.toasts.themeSaved]);
    expect(page.html.checked(page.html.region(texts.theme.heading).field(texts.theme.dark))).toBe(true);
  });

  test("every post checks the session again: a session ended elsewhere sends the form to sign in", async () => {
    const { account, client } = await signedIn();
    await site.database.db.deleteFrom("session").where("userId", "=", account.id).execute();
    const answer = await client.post(SETTINGS, { intent: "name", name: "For sent" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/sign-in?next=${encodeURIComponent(SETTINGS)}`);
    // With JavaScript the form posts to the page's data URL; it is sent to the same place.
    const fromScript = await client.post(`${SETTINGS}.data`, { intent: "name", name: "For sent" });
    expect(fromScript.status).toBe(202);
    expect(fromScript.dataRedirect).toBe(`/sign-in?next=${encodeURIComponent(SETTINGS)}`);
    expect((await userRow(account.id))?.name).not.toBe("For sent");
  });
});

describe("avatar", () => {
  test("a photo is re-encoded to small WebP files without its metadata; the next replaces it; removing deletes it", async () => {
    const { account, client } = await signedIn({ name: "Billed Bruger" });
    const { answer, page } = await client.submit(SETTINGS, avatarForm(await photo({ r: 200, g: 80, b: 40 })));
    expect(answer.status).toBe(303);
    expect(answer.flash?.title).toBe(texts.toasts.avatarSaved);
    expect(toastTitles(page)).toEqual([texts.toasts.avatarSaved]);

    const first = (await profileRow(account.id))?.avatar_url;
    expect(first).toMatch(new RegExp(`^/billeder/avatars/${account.id}/[0-9a-f]{32}-256\\.webp$`));
    expect((await userRow(account.id))?.image).toBe(first);
    const shown = page.html
      .region(texts.avatar.heading)
      .all("img")
      .find((img) => img.getAttribute("alt") === texts.avatar.currentAlt);
    expect(shown?.getAttribute("src")).toBe(first);

    const served = await site.get(first!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const large = await sharp(served.body).metadata();
    expect([large.format, large.width, large.height]).toEqual(["webp", 256, 256]);
    expect(large.exif).toBeUndefined();
    const small = await sharp(readFileSync(avatarFile(first!, 96))).metadata();
    expect([small.format, small.width, small.height, small.exif]).toEqual(["webp", 96, 96, undefined]);

    expect((await client.post(SETTINGS, avatarForm(await photo({ r: 20, g: 90, b: 200 }), "ny.png"))).status).toBe(303);
    const second = (await profileRow(account.id))!.avatar_url!;
    expect(second).not.toBe(first);
    expect(existsSync(avatarFile(second, 256))).toBe(true);
    // The old files go as soon as the new address is stored.
    expect([existsSync(avatarFile(first!, 256)), existsSync(avatarFile(first!, 96))]).toEqual([false, false]);

    const removed = await client.submit(SETTINGS, { intent: "avatar-remove" });
    expect(removed.answer.status).toBe(303);
    expect(toastTitles(removed.page)).toEqual([texts.toasts.avatarRemoved]);
    expect((await profileRow(account.id))?.avatar_url).toBeNull();
    expect((await userRow(account.id))?.image).toBeNull();
    expect(existsSync(avatarFile(second, 256))).toBe(false);
  });

  test("a file that is not a picture, or one too large, gets a Danish message at the field and changes nothing", async () => {
    const { account, client } = await signedIn();
    const field = (response: SiteResponse) => response.html.fieldMessage(response.html.region(texts.avatar.heading).field(texts.avatar.label));

    const bogus = await client.post(SETTINGS, avatarForm(Buffer.from("dette er ikke et billede".repeat(50)), "virus.png"));
    expect(bogus.status).toBe(400);
    expect(field(bogus)).toBe(imageErrors.notImage);

    // A PNG header on broken pixels: readable metadata, undecodable data.
    const png = await photo({ r: 1, g: 2, b: 3 });
    const broken = await client.post(SETTINGS, avatarForm(png.subarray(0, Math.floor(png.length / 2)), "afbrudt.png"));
    expect(broken.status).toBe(400);
    expect(field(broken)).toBe(imageErrors.notImage);

    const huge = await client.post(SETTINGS, avatarForm(Buffer.alloc(6 * 1024 * 1024, 7), "kæmpe.jpg", "image/jpeg"));
    expect(huge.status).toBe(413);
    expect(field(huge)).toBe(AVATAR_TOO_LARGE);

    expect((await profileRow(account.id))?.avatar_url).toBeNull();
    expect(existsSync(path.join(site.storageDir, "avatars", account.id))).toBe(false);
  });

  test("removing or replacing one's picture never deletes another person's files, whatever the stored address says", async () => {
    const owner = await signedIn();
    const intruder = await signedIn();
    expect((await owner.client.post(SETTINGS, avatarForm(await photo({ r: 10, g: 120, b: 60 }), "min.png"))).flash?.title).toBe(texts.toasts.avatarSaved);
    const ownersPicture = (await profileRow(owner.account.id))!.avatar_url!;

    // The intruder's stored picture points at the owner's files (as an address once set through
    // the auth library's own endpoint could), in the profile and in the library's user row.
    await site.database.db.updateTable("profiles").set({ avatar_url: ownersPicture }).where("auth_user_id", "=", intruder.account.id).execute();
    await site.database.db.updateTable("user").set({ image: ownersPicture }).where("id", "=", intruder.account.id).execute();
    expect((await intruder.client.post(SETTINGS, { intent: "avatar-remove" })).flash?.title).toBe(texts.toasts.avatarRemoved);
    expect([existsSync(avatarFile(ownersPicture, 256)), existsSync(avatarFile(ownersPicture, 96))]).toEqual([true, true]);

    await site.database.db.updateTable("profiles").set({ avatar_url: ownersPicture }).where("auth_user_id", "=", intruder.account.id).execute();
    expect((await intruder.client.post(SETTINGS, avatarForm(await photo({ r: 90, g: 9, b: 9 }), "egen.png"))).flash?.title).toBe(texts.toasts.avatarSaved);
    expect([existsSync(avatarFile(ownersPicture, 256)), existsSync(avatarFile(ownersPicture, 96))]).toEqual([true, true]);
    expect((await site.get(ownersPicture)).status).toBe(200);
  });
});

describe("e-mail", () => {
  test("a verified address changes after a confirmation from the old address and a link to the new one", async () => {
    const { account, client } = await signedIn({ name: "Skift Adresse" });
    const newEmail = `ny-${account.email}`;
    const emailField = (response: SiteResponse) => response.html.region(texts.email.heading).field(texts.email.label);

    const same = await client.post(SETTINGS, { intent: "email", newEmail: account.email.toUpperCase() });
    expect(same.status).toBe(400);
    expect(same.html.fieldMessage(emailField(same))).toBe(texts.errors.emailSame);

    const { answer, page } = await client.submit(SETTINGS, { intent: "email", newEmail });
    expect(answer.status).toBe(303);
    expect(answer.flash).toMatchObject({
      title: texts.toasts.emailSent,
      description: texts.toasts.emailSentToCurrent.replace("{{current}}", account.email).replace("{{next}}", newEmail),
    });
    expect(toastTitles(page)).toEqual([texts.toasts.emailSent]);
    const waiting = texts.email.noticeAwaitingCurrent.replace("{{current}}", account.email).replace("{{next}}", newEmail);
    expect(page.html.region(texts.email.heading).statuses()).toEqual([waiting]);

    // Step 1: the mail goes to the address the account has now.
    const confirmation = await site.waitForMail(account.email);
    const approved = await client.get(site.linkIn(confirmation, "/auth/callback"));
    expect(approved.status).toBe(302);
    expect(new URL(approved.location!, site.url).pathname).toBe(SETTINGS);
    const afterApproval = await client.follow(approved);
    expect(afterApproval.html.region(texts.email.heading).statuses()).toEqual([texts.email.noticeApproved.replace("{{next}}", newEmail)]);
    expect((await userRow(account.id))?.email).toBe(account.email);

    // Step 2: the link in the mail to the new address makes the change.
    const verification = await site.waitForMail(newEmail);
    expect((await client.get(site.linkIn(verification, "/auth/callback"))).status).toBe(302);
    const changed = await client.get(SETTINGS);
    expect(changed.html.region(texts.email.heading).statuses()).toEqual([texts.email.noticeChanged.replace("{{email}}", newEmail)]);
    expect((await userRow(account.id))?.email).toBe(newEmail);
    expect((await profileRow(account.id))?.email).toBe(newEmail);
    // The notice is said once: the remembered request is done with.
    expect((await client.get(SETTINGS)).html.region(texts.email.heading).statuses()).toEqual([]);
  });
});

describe("password", () => {
  const passwordForm = (current: string, next: string, again: string, revoke = false) => ({
    intent: "password",
    currentPassword: current,
    newPassword: next,
    confirmPassword: again,
    ...(revoke ? { revokeOtherSessions: "on" } : {}),
  });

  test("the current password is required; a change can end the other sessions", async () => {
    const { account, client } = await signedIn();
    const elsewhere = await signIn(site.url, account.email, account.password!);
    const field = (response: SiteResponse, label: string) => response.html.region(texts.password.heading).field(label);

    const wrong = await client.post(SETTINGS, passwordForm("forkert-kode", "ny-hemmelighed", "ny-hemmelighed"));
    expect(wrong.status).toBe(400);
    expect(wrong.html.fieldMessage(field(wrong, texts.password.current))).toBe(texts.errors.currentPasswordWrong);

    const differ = await client.post(SETTINGS, passwordForm(account.password!, "ny-hemmelighed", "noget-andet"));
    expect(differ.status).toBe(400);
    expect(differ.html.fieldMessage(field(differ, texts.password.confirm))).toBe(texts.errors.passwordMismatch);

    const { answer, page } = await client.submit(SETTINGS, passwordForm(account.password!, "ny-hemmelighed", "ny-hemmelighed", true));
    expect(answer.status).toBe(303);
    expect(answer.flash).toMatchObject({ title: texts.toasts.passwordSaved, description: texts.toasts.otherSessionsEnded });
    expect(toastTitles(page)).toEqual([texts.toasts.passwordSaved]);

    // This browser carries on with the new session the change gave it; the other one is over.
    expect((await client.get("/dashboard")).status).toBe(200);
    expect(await statusOf("/dashboard", elsewhere)).toEqual({ status: 302, location: "/sign-in?next=%2Fdashboard" });
    await expect(signIn(site.url, account.email, account.password!)).rejects.toThrow(/failed/);
    expect((await signIn(site.url, account.email, "ny-hemmelighed")).length).toBeGreaterThan(0);
  });

  test("guessing the current password is cut off with a Danish message and 429", async () => {
    const { client } = await signedIn();
    const attempt = () => client.post(SETTINGS, passwordForm("gæt", "ny-hemmelighed", "ny-hemmelighed"));
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(400);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.text).toMatch(/For mange forsøg\. Prøv igen om \d+ min\./);
    // Each guess is a real password check, slow on purpose: eleven of them on a busy machine.
  }, 30_000);

  test("an account that signs in with Google is offered a password by mail instead", async () => {
    const { client } = await signedIn({ googleOnly: true });
    const form = (await client.get(SETTINGS)).html.region(texts.password.heading);
    expect(() => form.field(texts.password.current)).toThrow(/No field/);
    expect(form.text()).toContain(texts.password.noPassword);
    expect(form.link(texts.password.choosePassword)).toBe("/forgot-password");
  });
});

describe("my data", () => {
  test("the download holds the account, profile, sessions, sign-in methods and markets, and no secret", async () => {
    const { account, client } = await signedIn({ name: "Data Dorte" });
    const market = await createTestMarket(site.database, {}, { owner: account.id });
    expect((await client.get(SETTINGS)).html.region(texts.export.heading).link(texts.export.download)).toBe(DATA_EXPORT);
    const download = await client.get(DATA_EXPORT);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="loppeguiden-data-\d{4}-\d\d-\d\d\.json"$/);
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    const exported = download.json<Record<string, unknown>>();
    expect(exported.user).toMatchObject({ id: account.id, name: "Data Dorte", email: account.email, emailVerified: true });
    expect(exported.profile).toMatchObject({ email: account.email, isAdmin: false, role: "visitor" });
    expect((exported.sessions as unknown[]).length).toBeGreaterThanOrEqual(1);
    expect(exported.accounts).toEqual([expect.objectContaining({ providerId: "credential" })]);
    expect(exported.markets).toEqual([expect.objectContaining({ id: market.id, name: market.name, url: `${site.url}/markeder/${market.slug}` })]);
    for (const cookie of account.cookies) expect(download.text).not.toContain(decodeURIComponent(cookie.value).split(".")[0]);
    expect(download.text).not.toMatch(/token|password|\$scrypt|"hash"/i);
  });

  test("a visitor asking for the download is sent to sign in", async () => {
    expect(await statusOf(DATA_EXPORT, "")).toEqual({ status: 302, location: `/sign-in?next=${encodeURIComponent(DATA_EXPORT)}` });
  });
});

describe("deleting the account", () => {
  test("confirmed with the password: personal data and every session gone, markets unclaimed, home with a toast", async () => {
    const { account, client } = await signedIn({ name: "Farvel Frede" });
    const market = await createTestMarket(site.database, {}, { owner: account.id });
    const elsewhere = await signIn(site.url, account.email, account.password!);
    expect((await client.post(SETTINGS, avatarForm(await photo({ r: 9, g: 9, b: 9 }), "mig.png"))).flash?.title).toBe(texts.toasts.avatarSaved);
    const sessionName = account.cookies.find((cookie) => cookie.name.endsWith("session_token"))!.name;

    const wrong = await client.post(SETTINGS, { intent: "delete", password: "forkert-kode" });
    expect(wrong.status).toBe(400);
    expect(wrong.html.fieldMessage(wrong.html.region(texts.delete.heading).field(texts.delete.passwordLabel))).toBe(texts.errors.deletePasswordWrong);
    expect(await userRow(account.id)).toBeDefined();

    const { answer, page } = await client.submit(SETTINGS, { intent: "delete", password: account.password! });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/");
    expect(answer.flash).toMatchObject({ title: texts.toasts.accountDeleted, description: texts.toasts.accountDeletedBody });
    expect(toastTitles(page)).toEqual([texts.toasts.accountDeleted]);
    // The browser is told to forget its session.
    expect(answer.cookie(sessionName)).toBe("");
    expect(client.session).toBeUndefined();

    expect(await userRow(account.id)).toBeUndefined();
    expect(await profileRow(account.id)).toBeUndefined();
    const left = {
      sessions: (await site.database.db.selectFrom("session").select("id").where("userId", "=", account.id).execute()).length,
      accounts: (await site.database.db.selectFrom("account").select("id").where("userId", "=", account.id).execute()).length,
    };
    expect(left).toEqual({ sessions: 0, accounts: 0 });
    expect(await ownerOf(market.id)).toBeNull();
    expect(existsSync(path.join(site.storageDir, "avatars", account.id))).toBe(false);
    expect(await statusOf("/dashboard", elsewhere)).toEqual({ status: 302, location: "/sign-in?next=%2Fdashboard" });
    await expect(signIn(site.url, account.email, account.password!)).rejects.toThrow(/failed/);
  });

  test("a Google-only account confirms by typing its e-mail address", async () => {
    const { account, client } = await signedIn({ googleOnly: true });
    const form = (await client.get(SETTINGS)).html.region(texts.delete.heading);
    expect(() => form.field(texts.delete.passwordLabel)).toThrow(/No field/);
    expect(form.field(texts.delete.emailLabel.replace("{{email}}", account.email)).getAttribute("name")).toBe("confirmEmail");

    const wrong = await client.post(SETTINGS, { intent: "delete", confirmEmail: "en-anden@eksempel.dk" });
    expect(wrong.status).toBe(400);
    expect(wrong.html.fieldMessage("slet-email")).toBe(texts.errors.deleteEmailMismatch);
    expect(await userRow(account.id)).toBeDefined();

    const { answer, page } = await client.submit(SETTINGS, { intent: "delete", confirmEmail: account.email.toUpperCase() });
    expect(answer.location).toBe("/");
    expect(toastTitles(page)).toEqual([texts.toasts.accountDeleted]);
    expect(await userRow(account.id)).toBeUndefined();
  });
});

/**
 * Without JavaScript each form is checked by the server: the page comes back with the status,
 * a summary at the top linking to each field that is wrong, the message at the field, and what
 * was typed (never a password). With JavaScript the same rules run before anything is sent
 * (tests/e2e/settings.test.ts).
 */
describe("each form's rules, answered by the server", () => {
  /** The answer's message at the field, after checking the summary links to it. */
  function messageAt(response: SiteResponse, region: string, label: string, message: string): string | null {
    const field = response.html.region(region).field(label);
    expect(response.html.alertLink(message)).toBe(`#${field.getAttribute("id")}`);
    return response.html.fieldMessage(field);
  }

  test("name: only spaces is said at the field, and the field keeps what was typed", async () => {
    const { account, client } = await signedIn({ name: "Kort Navn" });
    const answer = await client.post(SETTINGS, { intent: "name", name: "   " });
    expect(answer.status).toBe(400);
    expect(messageAt(answer, texts.name.heading, texts.name.label, formTexts.personName.required)).toBe(formTexts.personName.required);
    expect(answer.html.byId("navn")?.getAttribute("aria-describedby")).toBe("navn-fejl");
    expect(answer.html.value(answer.html.region(texts.name.heading).field(texts.name.label))).toBe("   ");
    expect((await userRow(account.id))?.name).toBe("Kort Navn");
  });

  test("picture: none chosen, or too large, is said at the field", async () => {
    const { account, client } = await signedIn();
    const none = new FormData();
    none.set("intent", "avatar");
    none.set("avatar", new File([], "", { type: "application/octet-stream" }));
    const missing = await client.post(SETTINGS, none);
    expect(missing.status).toBe(400);
    expect(messageAt(missing, texts.avatar.heading, texts.avatar.label, texts.errors.avatarMissing)).toBe(texts.errors.avatarMissing);

    const huge = await client.post(SETTINGS, avatarForm(Buffer.alloc(6 * 1024 * 1024, 7), "kæmpe.jpg", "image/jpeg"));
    expect(huge.status).toBe(413);
    expect(messageAt(huge, texts.avatar.heading, texts.avatar.label, AVATAR_TOO_LARGE)).toBe(AVATAR_TOO_LARGE);
    expect((await profileRow(account.id))?.avatar_url).toBeNull();
  });

  test("e-mail: an address that is not one is said at the field, and stays as typed", async () => {
    const { account, client } = await signedIn();
    const answer = await client.post(SETTINGS, { intent: "email", newEmail: "ikke-en-adresse" });
    expect(answer.status).toBe(400);
    expect(messageAt(answer, texts.email.heading, texts.email.label, formTexts.email.invalid)).toBe(formTexts.email.invalid);
    expect(answer.html.value(answer.html.region(texts.email.heading).field(texts.email.label))).toBe("ikke-en-adresse");
    expect((await userRow(account.id))?.email).toBe(account.email);
  });

  test("password: a short new one, and two that differ, are said at the field; the choice to end other sessions stays", async () => {
    const { account, client } = await signedIn();
    const form = (response: SiteResponse) => response.html.region(texts.password.heading);
    const typed = (response: SiteResponse) =>
      [texts.password.current, texts.password.new, texts.password.confirm].map((label) => response.html.value(form(response).field(label)) ?? "");
    const short = await client.post(SETTINGS, { intent: "password", currentPassword: account.password!, newPassword: "kort", confirmPassword: "kort", revokeOtherSessions: "on" });
    expect(short.status).toBe(400);
    const tooShort = formTexts.password.tooShort.replace("{{min}}", "6");
    expect(messageAt(short, texts.password.heading, texts.password.new, tooShort)).toBe(tooShort);
    expect(short.html.checked(form(short).field(texts.password.revokeOthers))).toBe(true);
    // Typed passwords are never sent back: they are typed again.
    expect(typed(short)).toEqual(["", "", ""]);

    const differ = await client.post(SETTINGS, {
      intent: "password",
      currentPassword: account.password!,
      newPassword: "ny-hemmelighed",
      confirmPassword: "noget-andet",
      revokeOtherSessions: "on",
    });
    expect(differ.status).toBe(400);
    expect(messageAt(differ, texts.password.heading, texts.password.confirm, texts.errors.passwordMismatch)).toBe(texts.errors.passwordMismatch);
    expect(differ.html.fieldMessage(form(differ).field(texts.password.new))).toBeNull();
    expect(differ.html.checked(form(differ).field(texts.password.revokeOthers))).toBe(true);
    expect(typed(differ)).toEqual(["", "", ""]);
    await expect(signIn(site.url, account.email, account.password!)).resolves.not.toHaveLength(0);
  });

  test("theme: none of the three chosen is said at the choices", async () => {
    const { client } = await signedIn();
    // One of the three is always chosen; only a tampered page sends none.
    const answer = await client.post(SETTINGS, { intent: "theme" });
    expect(answer.status).toBe(400);
    expect(messageAt(answer, texts.theme.heading, texts.theme.light, texts.errors.themeInvalid)).toBe(texts.errors.themeInvalid);
    expect(answer.cookie("loppeguiden-theme")).toBeUndefined();
    expect(client.cookies.has("loppeguiden-theme")).toBe(false);
  });

  test("deleting: no password, or a Google account's address mistyped, is said at the field", async () => {
    const withPassword = await signedIn();
    const noPassword = await withPassword.client.post(SETTINGS, { intent: "delete", password: "" });
    expect(noPassword.status).toBe(400);
    expect(messageAt(noPassword, texts.delete.heading, texts.delete.passwordLabel, texts.errors.deletePasswordRequired)).toBe(texts.errors.deletePasswordRequired);
    expect(await userRow(withPassword.account.id)).toBeDefined();

    const google = await signedIn({ googleOnly: true });
    const label = texts.delete.emailLabel.replace("{{email}}", google.account.email);
    const mistyped = await google.client.post(SETTINGS, { intent: "delete", confirmEmail: "en-anden@eksempel.dk" });
    expect(mistyped.status).toBe(400);
    expect(messageAt(mistyped, texts.delete.heading, label, texts.errors.deleteEmailMismatch)).toBe(texts.errors.deleteEmailMismatch);
    expect(mistyped.html.value(mistyped.html.region(texts.delete.heading).field(label))).toBe("en-anden@eksempel.dk");
    expect(await userRow(google.account.id)).toBeDefined();
  });
});
