import { describe, expect, test } from "vitest";
import { verificationPurpose } from "./verification-token";

const token = (payload: object) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.signatur`;

describe("what a verification link is for", () => {
  test("a new account, and the two steps of a change of address", () => {
    expect(verificationPurpose(token({ email: "a@example.com", exp: 1 }))).toEqual({ kind: "sign-up", email: "a@example.com" });
    expect(verificationPurpose(token({ email: "a@example.com", updateTo: "b@example.com", requestType: "change-email-confirmation" }))).toEqual({
      kind: "change-confirmation",
      email: "a@example.com",
      newEmail: "b@example.com",
    });
    expect(verificationPurpose(token({ email: "a@example.com", updateTo: "b@example.com", requestType: "change-email-verification" }))).toEqual({
      kind: "change-verification",
      email: "a@example.com",
      newEmail: "b@example.com",
    });
  });

  test("Danish letters in the payload survive", () => {
    expect(verificationPurpose(token({ email: "søren@æblegård.dk" }))).toEqual({ kind: "sign-up", email: "søren@æblegård.dk" });
  });

  test("anything that is not one of the library's tokens is nothing", () => {
    for (const value of [null, undefined, "", "abc", "a.b.c", token({ email: 42 }), token(["a"])]) {
      expect(verificationPurpose(value), String(value)).toBeNull();
    }
  });
});
