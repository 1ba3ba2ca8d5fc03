import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { findProfile } from "../../app/auth/profiles.server";
import { setUserRole } from "../../app/people/set-role.server";
import { hasRole, rolesOf } from "../../app/auth/roles";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { testAuth, uniqueEmail, type TestAuth } from "../support/factories";

const { kind } = inject("testDatabase");
const PASSWORD = "loppe-hemmelig";

describe(`accounts and roles on ${kind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function signUp(auth: TestAuth, email: string) {
    const { user } = await auth.api.signUpEmail({ body: { name: "Mette Loppe", email, password: PASSWORD } });
    return user;
  }

  it("gives every new account a profile: a visitor with the address in small letters", async () => {
    const { auth } = await testAuth(database);
    const email = uniqueEmail("Ny.Bruger");
    const user = await signUp(auth, email);
    const profile = await findProfile(database.db, user.id);
    expect(profile).toMatchObject({ authUserId: user.id, email: email.toLowerCase(), isAdmin: false, role: "visitor" });
    expect(rolesOf(profile)).toEqual(["visitor"]);
    expect(hasRole(profile, "admin")).toBe(false);
  });

  it("makes an ADMIN_EMAILS address admin only once it is verified", async () => {
    const listed = uniqueEmail("chef");
    const { auth, mails } = await testAuth(database, { env: { EMAIL_VERIFICATION: "1", ADMIN_EMAILS: `andre@example.dk, ${listed.toUpperCase()}` } });
    const user = await signUp(auth, listed);
    expect(user.emailVerified).toBe(false);
    expect(rolesOf(await findProfile(database.db, user.id))).toEqual(["visitor"]);

    // Not verified: signing in is refused, and the account stays a visitor.
    await expect(auth.api.signInEmail({ body: { email: listed, password: PASSWORD } })).rejects.toThrow();
    expect(hasRole(await findProfile(database.db, user.id), "admin")).toBe(false);

    const mail = mails.find((m) => m.email === listed);
    expect(mail).toBeDefined();
    await auth.api.verifyEmail({ query: { token: mail!.token } });
    const profile = await findProfile(database.db, user.id);
    expect(profile?.isAdmin).toBe(true);
    expect(rolesOf(profile)).toEqual(["visitor", "admin"]);
  });

  it("never makes a verified address admin that is not listed", async () => {
    const email = uniqueEmail("almindelig");
    const { auth, mails } = await testAuth(database, { env: { EMAIL_VERIFICATION: "1", ADMIN_EMAILS: uniqueEmail("chef") } });
    const user = await signUp(auth, email);
    await auth.api.verifyEmail({ query: { token: mails.find((m) => m.email === email)!.token } });
    expect(rolesOf(await findProfile(database.db, user.id))).toEqual(["visitor"]);
  });

  describe("npm run user:role", () => {
    it("gives exactly the role named, admin included, and takes admin away again", async () => {
      const { auth } = await testAuth(database);
      const email = uniqueEmail("rolle");
      const user = await signUp(auth, email);

      expect(await setUserRole(database.db, email.toUpperCase(), "seller")).toEqual({
        kind: "updated",
        email,
        role: "seller",
        roles: ["visitor", "seller"],
      });
      expect(await setUserRole(database.db, email, "admin")).toMatchObject({ roles: ["visitor", "admin"] });
      expect(await findProfile(database.db, user.id)).toMatchObject({ isAdmin: true, role: "admin" });
      expect(await setUserRole(database.db, email, "organizer")).toMatchObject({ roles: ["visitor", "organizer"] });
      expect(await setUserRole(database.db, email, "visitor")).toMatchObject({ roles: ["visitor"] });
      expect(await findProfile(database.db, user.id)).toMatchObject({ isAdmin: false, role: "visitor" });
    });

    it("makes the profile of an account that has none", async () => {
      const { auth } = await testAuth(database);
      const email = uniqueEmail("uden-profil");
      const user = await signUp(auth, email);
      await database.db.deleteFrom("profiles").where("auth_user_id", "=", user.id).execute();
      expect(await setUserRole(database.db, email, "organizer")).toMatchObject({ kind: "updated", roles: ["visitor", "organizer"] });
      expect(await findProfile(database.db, user.id)).toMatchObject({ email, role: "organizer" });
    });

    it("changes nothing for an unknown address or role", async () => {
      const { auth } = await testAuth(database);
      const email = uniqueEmail("uaendret");
      const user = await signUp(auth, email);
      expect(await setUserRole(database.db, uniqueEmail("ingen"), "admin")).toMatchObject({ kind: "no-user" });
      expect(await setUserRole(database.db, email, "superadmin")).toEqual({ kind: "unknown-role", given: "superadmin" });
      expect(await findProfile(database.db, user.id)).toMatchObject({ isAdmin: false, role: "visitor" });
    });

    it("runs from the command line with exit codes 0, 1 and 2", async () => {
      const { auth } = await testAuth(database);
      const email = uniqueEmail("kommandolinje");
      const user = await signUp(auth, email);
      const run = (...args: string[]) =>
        promisify(execFile)(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/user-role.ts", ...args], {
          env: { ...process.env, DATABASE_URL: database.url, ADMIN_EMAILS: "", LOG_LEVEL: "silent" },
        }).then(
          ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
          (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
        );

      const done = await run(email, "seller");
      expect(done).toMatchObject({ code: 0, stdout: `${email} har nu rollen seller (roller: visitor, seller).\n` });
      expect(await findProfile(database.db, user.id)).toMatchObject({ role: "seller" });

      const missing = await run("ingen@example.dk", "admin");
      expect(missing).toMatchObject({ code: 1, stderr: "Der findes ingen bruger med e-mailen ingen@example.dk.\n" });

      expect(await run(email, "chef")).toMatchObject({ code: 2, stderr: expect.stringContaining('Ukendt rolle "chef"') });
      expect(await run(email)).toMatchObject({ code: 2, stderr: expect.stringContaining("Brug: npm run user:role -- e-mail rolle") });
      expect(await findProfile(database.db, user.id)).toMatchObject({ role: "seller", isAdmin: false });
    }, 60_000);
  });
});
