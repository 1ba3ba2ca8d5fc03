import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { LIMITS } from "~/forms/fields";
import translation from "~/locales/da/translation.json";
import { AVATAR_MAX_BYTES } from "~/lib/images/avatar-url";
import { avatarProblemMessage } from "../avatar.server";
import { avatarSchema, deleteAccountSchema, deleteWithEmailSchema, deleteWithPasswordSchema, emailChangeSchema, nameSchema, passwordSchema, themeSchema } from "./settings-schemas";

const errors = translation.settings.errors;
const shared = translation.forms;

/** The messages per field; null when the form went through. */
function errorsOf(submission: { status?: string; error?: unknown }) {
  return submission.status === "success" ? null : submission.error;
}

function form(fields: Record<string, string | File>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("name", () => {
  test("is trimmed, without control characters", () => {
    expect(parseWithZod(form({ intent: "name", name: "  Ny\u0007 Nielsen  " }), { schema: nameSchema })).toMatchObject({
      status: "success",
      value: { name: "Ny Nielsen" },
    });
  });

  test("blank, only control characters, or too long, gets the shared messages", () => {
    for (const name of ["", "   ", "\u0001\u0002"]) {
      expect(errorsOf(parseWithZod(form({ name }), { schema: nameSchema }))).toEqual({ name: [shared.personName.required] });
    }
    expect(errorsOf(parseWithZod(form({ name: "Å".repeat(LIMITS.personName + 1) }), { schema: nameSchema }))).toEqual({
      name: [shared.personName.tooLong.replace("{{max}}", String(LIMITS.personName))],
    });
  });
});

describe("picture", () => {
  test("must be chosen, and at most AVATAR_MAX_BYTES, said as the server says it", () => {
    expect(errorsOf(parseWithZod(form({ avatar: new File([], "") }), { schema: avatarSchema }))).toEqual({ avatar: [errors.avatarMissing] });
    expect(errorsOf(parseWithZod(form({ avatar: new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], "stor.jpg") }), { schema: avatarSchema }))).toEqual({
      avatar: [avatarProblemMessage("too-large")],
    });
    expect(parseWithZod(form({ avatar: new File([new Uint8Array(10)], "lille.png") }), { schema: avatarSchema }).status).toBe("success");
  });
});

describe("new e-mail address", () => {
  const schema = emailChangeSchema("Mette@Example.dk");

  test("is trimmed and lower-cased", () => {
    expect(parseWithZod(form({ newEmail: " Ny@Example.DK " }), { schema })).toMatchObject({ status: "success", value: { newEmail: "ny@example.dk" } });
  });

  test("must be an address, at most LIMITS.email long, and not the current one", () => {
    const tooLong = `${"a".repeat(LIMITS.email)}@example.dk`;
    for (const newEmail of ["", "ikke-en-adresse", tooLong]) {
      expect(errorsOf(parseWithZod(form({ newEmail }), { schema }))).toEqual({ newEmail: [shared.email.invalid] });
    }
    expect(errorsOf(parseWithZod(form({ newEmail: " METTE@example.dk" }), { schema }))).toEqual({ newEmail: [errors.emailSame] });
  });
});

describe("password", () => {
  const parse = (fields: Record<string, string>) => parseWithZod(form(fields), { schema: passwordSchema });

  test("a good change, with or without ending the other sessions", () => {
    const good = { currentPassword: "gammel", newPassword: "ny-hemmelighed", confirmPassword: "ny-hemmelighed" };
    expect(parse(good)).toMatchObject({ status: "success", value: { ...good, revokeOtherSessions: false } });
    expect(parse({ ...good, revokeOtherSessions: "on" })).toMatchObject({ status: "success", value: { revokeOtherSessions: true } });
    expect(errorsOf(parse({ ...good, revokeOtherSessions: "ja" }))).toEqual({ revokeOtherSessions: [errors.generic] });
  });

  test("each field has its message; the two new ones are compared once the new one is right", () => {
    expect(errorsOf(parse({ newPassword: "kort", confirmPassword: "andet" }))).toEqual({
      currentPassword: [errors.currentPasswordRequired],
      newPassword: [shared.password.tooShort.replace("{{min}}", String(LIMITS.passwordMin))],
    });
    expect(errorsOf(parse({ currentPassword: "gammel", newPassword: "x".repeat(LIMITS.passwordMax + 1), confirmPassword: "" }))).toEqual({
      newPassword: [shared.password.tooLong.replace("{{max}}", String(LIMITS.passwordMax))],
      confirmPassword: [errors.passwordMismatch],
    });
    expect(errorsOf(parse({ newPassword: "ny-hemmelighed", confirmPassword: "noget-andet" }))).toEqual({
      currentPassword: [errors.currentPasswordRequired],
      confirmPassword: [errors.passwordMismatch],
    });
  });

  test("a current password longer than any the library takes is simply wrong", () => {
    expect(errorsOf(parse({ currentPassword: "x".repeat(LIMITS.passwordMax + 1), newPassword: "ny-hemmelighed", confirmPassword: "ny-hemmelighed" }))).toEqual({
      currentPassword: [errors.currentPasswordWrong],
    });
  });
});

test("theme: one of the three", () => {
  expect(parseWithZod(form({ theme: "dark" }), { schema: themeSchema })).toMatchObject({ status: "success", value: { theme: "dark" } });
  for (const fields of [{}, { theme: "neon" }] as Record<string, string>[]) {
    expect(errorsOf(parseWithZod(form(fields), { schema: themeSchema }))).toEqual({ theme: [errors.themeInvalid] });
  }
});

describe("deleting the account", () => {
  test("with a password: it must be typed", () => {
    expect(deleteAccountSchema({ hasPassword: true, email: "a@example.dk" })).toBe(deleteWithPasswordSchema);
    expect(errorsOf(parseWithZod(form({ password: "" }), { schema: deleteWithPasswordSchema }))).toEqual({ password: [errors.deletePasswordRequired] });
    expect(parseWithZod(form({ password: "hemmelig" }), { schema: deleteWithPasswordSchema })).toMatchObject({ status: "success", value: { password: "hemmelig" } });
  });

  test("without: the account's address, typed as shown (case and spaces aside)", () => {
    const schema = deleteWithEmailSchema("Mette@Example.dk");
    expect(parseWithZod(form({ confirmEmail: " METTE@example.DK " }), { schema }).status).toBe("success");
    for (const confirmEmail of ["", "en-anden@eksempel.dk"]) {
      expect(errorsOf(parseWithZod(form({ confirmEmail }), { schema }))).toEqual({ confirmEmail: [errors.deleteEmailMismatch] });
    }
  });
});
