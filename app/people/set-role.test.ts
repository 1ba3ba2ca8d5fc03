import { describe, expect, it } from "vitest";
import { describeSetRole } from "./set-role.server";

describe("the role command's messages", () => {
  it("says what the account has become", () => {
    expect(describeSetRole({ kind: "updated", email: "mette@example.dk", role: "seller", roles: ["visitor", "seller"] })).toBe(
      "mette@example.dk har nu rollen seller (roller: visitor, seller).",
    );
  });

  it("refuses, in words, to take admin from an address in ADMIN_EMAILS or from the last admin", () => {
    expect(describeSetRole({ kind: "listed-admin", email: "mette@example.dk" })).toContain("ADMIN_EMAILS");
    expect(describeSetRole({ kind: "last-admin" })).toContain("sidste administrator");
  });

  it("names the roles when the role is unknown, and the address when nobody has it", () => {
    expect(describeSetRole({ kind: "unknown-role", given: "chef" })).toBe('Ukendt rolle "chef". Vælg en af: visitor, admin, seller, organizer.');
    expect(describeSetRole({ kind: "no-user", email: "ingen@example.dk" })).toBe("Der findes ingen bruger med e-mailen ingen@example.dk.");
  });
});
