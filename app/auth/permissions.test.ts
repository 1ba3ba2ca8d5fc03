import { describe, expect, it } from "vitest";
import { PERMISSIONS, permissionsOf, scopeOf, userCan, type Permission, type PermissionHolder } from "./permissions";
import { rolesOf } from "./roles";

const ME = "6f1c2d3e-0000-4000-8000-000000000001";
const SOMEONE_ELSE = "6f1c2d3e-0000-4000-8000-000000000002";

/** The four kinds of account, with their roles derived from a profile as the site does. */
const ACCOUNTS = {
  visitor: { id: ME, roles: rolesOf({ isAdmin: false, role: "visitor" }) },
  seller: { id: ME, roles: rolesOf({ isAdmin: false, role: "seller" }) },
  organizer: { id: ME, roles: rolesOf({ isAdmin: false, role: "organizer" }) },
  admin: { id: ME, roles: rolesOf({ isAdmin: true, role: "visitor" }) },
} satisfies Record<string, PermissionHolder>;
type Account = keyof typeof ACCOUNTS;

const MINE = { ownerId: ME };
const OTHERS = { ownerId: SOMEONE_ELSE };
const NOBODYS = { ownerId: null };

/** Written out, not read from the module: a change to who may do what has to change this too. */
const ACCOUNT_PERMISSIONS: Permission[] = [
  "read:dashboard:own",
  "create:market",
  "update:market:own",
  "delete:market:own",
  "claim:market",
  "save:market",
  "post:forum",
  "update:post:own",
  "delete:post:own",
  "report:post",
];
const EXPECTED: Record<Account, Permission[]> = {
  visitor: ACCOUNT_PERMISSIONS,
  seller: ACCOUNT_PERMISSIONS,
  organizer: [...ACCOUNT_PERMISSIONS, "publish:market:own"],
  admin: [
    ...ACCOUNT_PERMISSIONS,
    "read:dashboard:any",
    "update:market:any",
    "delete:market:any",
    "publish:market:any",
    "moderate:market:any",
    "moderate:claim:any",
    "delete:post:any",
    "hide:post:any",
    "lock:topic:any",
    "pin:topic:any",
    "move:topic:any",
    "delete:image:any",
    "read:user:any",
    "manage:user:any",
    "block:user:any",
    "read:log:any",
    "read:measurements:any",
    "read:message:any",
    "answer:message:any",
  ],
};

const outcomes = (user: PermissionHolder | null, permission: Permission) => ({
  mine: userCan(user, permission, MINE),
  others: userCan(user, permission, OTHERS),
  nobodys: userCan(user, permission, NOBODYS),
  none: userCan(user, permission),
});

const ALL = { mine: true, others: true, nobodys: true, none: true };
const NOTHING = { mine: false, others: false, nobodys: false, none: false };
const OWN_ONLY = { mine: true, others: false, nobodys: false, none: true };

describe("the table of permissions", () => {
  it("names each permission verb:thing, with :own or :any when it acts on someone's thing, once", () => {
    for (const permission of PERMISSIONS) expect(permission).toMatch(/^[a-z]+:[a-z]+(:own|:any)?$/);
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });

  it.each(Object.keys(ACCOUNTS) as Account[])("gives a %s exactly the permissions decision 0020 lists", (account) => {
    expect([...permissionsOf(ACCOUNTS[account].roles)].sort()).toEqual([...EXPECTED[account]].sort());
  });

  it("gives someone with several roles what each of them holds", () => {
    const both = permissionsOf(rolesOf({ isAdmin: true, role: "organizer" }));
    expect(both.has("publish:market:own")).toBe(true);
    expect(both.has("read:measurements:any")).toBe(true);
  });
});

describe("userCan", () => {
  it("lets someone who is not signed in do nothing, with or without a thing", () => {
    for (const permission of PERMISSIONS) expect(outcomes(null, permission), permission).toEqual(NOTHING);
  });

  it.each([
    ["visitor", OWN_ONLY],
    ["seller", OWN_ONLY],
    ["organizer", OWN_ONLY],
    ["admin", ALL],
  ] as const)("update:market:own: a %s edits their own market; only update:market:any reaches others' and unowned ones", (account, expected) => {
    expect(outcomes(ACCOUNTS[account], "update:market:own")).toEqual(expected);
  });

  it.each([
    ["visitor", NOTHING],
    ["seller", NOTHING],
    ["organizer", OWN_ONLY],
    ["admin", ALL],
  ] as const)("publish:market:own: a %s publishes without review only as far as the table says", (account, expected) => {
    expect(outcomes(ACCOUNTS[account], "publish:market:own")).toEqual(expected);
  });

  it.each([
    ["visitor", NOTHING],
    ["seller", NOTHING],
    ["organizer", NOTHING],
    ["admin", ALL],
  ] as const)("update:market:any: a %s may or may not edit every market, their own included, by this permission", (account, expected) => {
    expect(outcomes(ACCOUNTS[account], "update:market:any")).toEqual(expected);
  });

  it.each(["visitor", "seller", "organizer", "admin"] as const)("create:market and save:market: a %s may, whoever owns the market", (account) => {
    expect(outcomes(ACCOUNTS[account], "create:market")).toEqual(ALL);
    expect(outcomes(ACCOUNTS[account], "save:market")).toEqual(ALL);
  });

  it.each([
    "read:measurements:any",
    "read:message:any",
    "answer:message:any",
    "delete:image:any",
    "read:user:any",
    "manage:user:any",
    "block:user:any",
    "read:log:any",
    "moderate:market:any",
    "moderate:claim:any",
  ] as const)("%s is an admin's alone", (permission) => {
    expect(outcomes(ACCOUNTS.visitor, permission)).toEqual(NOTHING);
    expect(outcomes(ACCOUNTS.seller, permission)).toEqual(NOTHING);
    expect(outcomes(ACCOUNTS.organizer, permission)).toEqual(NOTHING);
    expect(outcomes(ACCOUNTS.admin, permission)).toEqual(ALL);
  });

  it("never takes a market without an owner for one's own, also for an owner id that is empty", () => {
    expect(userCan({ id: "", roles: ["visitor"] }, "update:market:own", NOBODYS)).toBe(false);
    expect(userCan(ACCOUNTS.organizer, "delete:market:own", NOBODYS)).toBe(false);
  });

  // Every account kind, every permission, each kind of thing, against the rule the module states.
  describe.each(Object.keys(ACCOUNTS) as Account[])("a %s", (account) => {
    const holds = (permission: string) => (EXPECTED[account] as string[]).includes(permission);
    it.each([...PERMISSIONS])("%s", (permission) => {
      const scope = scopeOf(permission);
      let expected: typeof ALL;
      if (scope === "own") {
        const everyones = holds(permission.replace(/:own$/, ":any"));
        expected = everyones ? ALL : holds(permission) ? OWN_ONLY : NOTHING;
      } else {
        expected = holds(permission) ? ALL : NOTHING;
      }
      expect(outcomes(ACCOUNTS[account], permission)).toEqual(expected);
    });
  });
});
