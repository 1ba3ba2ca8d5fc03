import { describe, expect, it } from "vitest";
import { describeSetRole, type SetRoleResult } from "./roles.server";
import { hasRole, isRole, rolesOf } from "./roles";

describe("roles derived from the profile (product §6)", () => {
  it("makes everyone a visitor, also without a profile", () => {
    expect(rolesOf(null)).toEqual(["visitor"]);
    expect(rolesOf({ isAdmin: false, role: "visitor" })).toEqual(["visitor"]);
  });

  it("adds admin for is_admin or the role admin", () => {
    expect(rolesOf({ isAdmin: true, role: "visitor" })).toEqual(["visitor", "admin"]);
    expect(rolesOf({ isAdmin: false, role: "admin" })).toEqual(["visitor", "admin"]);
    expect(rolesOf({ isAdmin: true, role: "admin" })).toEqual(["visitor", "admin"]);
  });

  it("adds seller and organizer from the role, next to admin from is_admin", () => {
    expect(rolesOf({ isAdmin: false, role: "seller" })).toEqual(["visitor", "seller"]);
    expect(rolesOf({ isAdmin: false, role: "organizer" })).toEqual(["visitor", "organizer"]);
    expect(rolesOf({ isAdmin: true, role: "organizer" })).toEqual(["visitor", "admin", "organizer"]);
  });

  it("ignores a role it does not know", () => {
    expect(rolesOf({ isAdmin: false, role: "superuser" })).toEqual(["visitor"]);
  });

  it("answers hasRole from the same rules", () => {
    expect(hasRole(null, "visitor")).toBe(true);
    expect(hasRole(null, "admin")).toBe(false);
    expect(hasRole({ isAdmin: true, role: "visitor" }, "admin")).toBe(true);
    expect(hasRole({ isAdmin: false, role: "seller" }, "admin")).toBe(false);
    expect(hasRole({ isAdmin: false, role: "seller" }, "organizer")).toBe(false);
  });

  it("knows the four roles and nothing else", () => {
    expect(["visitor", "admin", "seller", "organizer"].every(isRole)).toBe(true);
    expect(isRole("Admin")).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});

describe("the role command's messages", () => {
  it("says what the account has become", () => {
    expect(describeSetRole({ kind: "updated", email: "mette@example.dk", role: "seller", roles: ["visitor", "seller"] })).toBe(
      "mette@example.dk har nu rollen seller (roller: visitor, seller).",
    );
  });

  it("warns when ADMIN_EMAILS will make the account admin again", () => {
    const result: SetRoleResult = { kind: "updated", email: "mette@example.dk", role: "visitor", roles: ["visitor"] };
    expect(describeSetRole(result, ["mette@example.dk"])).toContain("står i ADMIN_EMAILS");
    expect(describeSetRole({ ...result, role: "admin", roles: ["visitor", "admin"] }, ["mette@example.dk"])).not.toContain("ADMIN_EMAILS");
  });

  it("names the roles when the role is unknown, and the address when nobody has it", () => {
    expect(describeSetRole({ kind: "unknown-role", given: "chef" })).toBe('Ukendt rolle "chef". Vælg en af: visitor, admin, seller, organizer.');
    expect(describeSetRole({ kind: "no-user", email: "ingen@example.dk" })).toBe("Der findes ingen bruger med e-mailen ingen@example.dk.");
  });
});
