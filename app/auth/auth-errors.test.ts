import { describe, expect, test } from "vitest";
import { APIError } from "better-auth/api";
import { authErrorCode, googleErrorDescription, resetPasswordError, signInError, signUpError, verifyErrorMessage } from "./auth-errors";
import { maybeT } from "../lib/i18n";

describe("the auth library's errors in Danish", () => {
  test("the code is read from the library's errors, and only from them", () => {
    expect(authErrorCode(new APIError("UNAUTHORIZED", { message: "Invalid email or password", code: "INVALID_EMAIL_OR_PASSWORD" }))).toBe("INVALID_EMAIL_OR_PASSWORD");
    expect(authErrorCode(Object.assign(new Error("[body.email] Invalid email address"), { body: { code: "VALIDATION_ERROR" } }))).toBe("VALIDATION_ERROR");
    expect(authErrorCode(new Error("connect ECONNREFUSED"))).toBeNull();
    expect(authErrorCode("INVALID_TOKEN")).toBeNull();
    expect(authErrorCode(null)).toBeNull();
  });

  test("sign-up: product §5's three answers", () => {
    expect(signUpError("USER_ALREADY_EXISTS")).toEqual({ field: "email", message: "auth.signUp.errors.exists" });
    expect(signUpError("USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL")).toEqual({ field: "email", message: "auth.signUp.errors.exists" });
    expect(signUpError("PASSWORD_TOO_SHORT")).toEqual({ field: "password", message: "auth.fields.passwordTooShort" });
    expect(signUpError("FAILED_TO_CREATE_USER").message).toBe("auth.signUp.errors.failed");
    expect(signUpError(null)).toEqual({ field: "form", message: "auth.signUp.errors.failed" });
    expect(maybeT("auth.signUp.errors.exists")).toBe("En bruger med denne e-mail eksisterer allerede.");
    expect(maybeT("auth.fields.passwordTooShort")).toBe("Adgangskoden skal være mindst 6 tegn lang.");
    expect(maybeT("auth.signUp.errors.failed")).toBe("Registrering mislykkedes. Prøv igen senere.");
  });

  test("sign-in: an unknown address and a wrong password are one and the same answer", () => {
    for (const code of ["INVALID_EMAIL_OR_PASSWORD", "INVALID_EMAIL", "INVALID_PASSWORD", "USER_NOT_FOUND", "CREDENTIAL_ACCOUNT_NOT_FOUND"]) {
      expect(signInError(code), code).toBe("wrongCredentials");
    }
    expect(signInError("EMAIL_NOT_VERIFIED")).toBe("unverified");
    expect(signInError("INTERNAL_SERVER_ERROR")).toBe("failed");
    expect(signInError(null)).toBe("failed");
  });

  test("reset: a short password at its field, a used or run-out link, anything else as product §8's failure", () => {
    expect(resetPasswordError("PASSWORD_TOO_SHORT").field).toBe("password");
    expect(resetPasswordError("INVALID_TOKEN").field).toBe("token");
    expect(resetPasswordError(null)).toEqual({ field: "form", message: "auth.toasts.passwordUpdateFailed" });
    expect(maybeT("auth.toasts.passwordUpdateFailed")).toBe("Fejl ved opdatering af adgangskode");
  });

  test("verification: run out or not valid", () => {
    expect(verifyErrorMessage("TOKEN_EXPIRED").title).toBe("auth.callback.verifyExpiredTitle");
    expect(verifyErrorMessage("INVALID_TOKEN").title).toBe("auth.callback.verifyInvalidTitle");
    expect(verifyErrorMessage("USER_NOT_FOUND").title).toBe("auth.callback.verifyInvalidTitle");
  });

  test("Google: the reason in words where it is known", () => {
    expect(googleErrorDescription("access_denied")).toBe("auth.google.errors.denied");
    expect(googleErrorDescription("account_not_linked")).toBe("auth.google.errors.notLinked");
    expect(googleErrorDescription("state_mismatch")).toBe("auth.google.errors.failed");
    expect(googleErrorDescription(null)).toBe("auth.google.errors.failed");
  });
});
