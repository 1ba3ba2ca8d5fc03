import { describe, expect, it } from "vitest";
import { EMAIL_CHANGE_COOKIE, emailChangeNotice } from "./email-change.server";

const page = (query = "") => new URL(`http://localhost/dashboard/indstillinger${query}`);
const cookie = (email: string) => `andet=1; ${EMAIL_CHANGE_COOKIE}=${encodeURIComponent(email)}`;
const verified = { email: "gammel@eksempel.dk", emailVerified: true };

describe("where a change of e-mail address stands", () => {
  it("says nothing when no change was asked for in this browser", () => {
    expect(emailChangeNotice(page(), null, verified)).toEqual({ notice: null, clear: false });
  });

  it("waits for the confirmation from the current address of a verified account", () => {
    expect(emailChangeNotice(page(), cookie("ny@eksempel.dk"), verified).notice).toEqual({
      kind: "awaiting-current",
      current: "gammel@eksempel.dk",
      next: "ny@eksempel.dk",
    });
  });

  it("waits for the link to the new address of an unverified account (the library mails it directly)", () => {
    expect(emailChangeNotice(page(), cookie("ny@eksempel.dk"), { ...verified, emailVerified: false }).notice).toEqual({
      kind: "awaiting-new",
      next: "ny@eksempel.dk",
    });
  });

  it("after the confirmation link, points to the new address, named when this browser asked", () => {
    expect(emailChangeNotice(page("?e-mail=godkendt"), cookie("ny@eksempel.dk"), verified).notice).toEqual({ kind: "approved", next: "ny@eksempel.dk" });
    expect(emailChangeNotice(page("?e-mail=godkendt"), null, verified).notice).toEqual({ kind: "approved", next: null });
  });

  it("once the account has the new address, says so once and forgets the request", () => {
    expect(emailChangeNotice(page("?e-mail=godkendt"), cookie("NY@eksempel.dk"), { ...verified, email: "ny@eksempel.dk" })).toEqual({
      notice: { kind: "changed", email: "ny@eksempel.dk" },
      clear: true,
    });
  });

  it("explains a failed link by the library's error code", () => {
    const failed = (code: string) => emailChangeNotice(page(`?e-mail=godkendt&error=${code}`), cookie("ny@eksempel.dk"), verified).notice;
    expect(failed("TOKEN_EXPIRED")).toEqual({ kind: "link-failed", reason: "expired" });
    expect(failed("INVALID_USER")).toEqual({ kind: "link-failed", reason: "other-user" });
    expect(failed("INVALID_TOKEN")).toEqual({ kind: "link-failed", reason: "invalid" });
  });
});
