import { describe, expect, it } from "vitest";
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
