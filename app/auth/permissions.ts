import type { Role } from "./roles";

/**
 * Who may do what, as data (decision 0020). Pages and actions ask for a permission, never for a
 * role, so giving a role more or less is a change to this table and nothing else.
 *
 * A permission is `verb:thing`, with a scope when it acts on a thing that exists and has an owner:
 * - `:own` holds only for the person's own things (the thing's owner id is theirs);
 * - `:any` holds for everyone's things, and therefore also wherever `:own` is asked for.
 * Things without an owner yet (a market nobody has claimed) are nobody's own: only `:any` reaches them.
 *
 * This module imports nothing from the server, so a component may ask userCan what to show.
 */
export const PERMISSIONS = [
  // What every account may do (product §1: registered users "submit and manage their own markets,
  // save markets, claim existing markets and take part in a community forum").
  /** /dashboard and its own pages: one's markets, activity, settings and data download. */
  "read:dashboard:own",
  /** Submit a market (/opret-marked). It waits for review unless the sender may publish it. */
  "create:market",
  /** Edit one's own market: its texts, dates and pictures (pictures belong to the market). */
  "update:market:own",
  /** Close (archive) one's own market or throw away a draft of it. */
  "delete:market:own",
  /** Say "Er det dit marked?" about a market without an owner; an admin decides. */
  "claim:market",
  /** "Gem" a market and keep the saved list. */
  "save:market",
  /** Start a discussion in the forum or answer one. */
  "post:forum",
  /** Edit one's own forum post. */
  "update:post:own",
  /** Remove one's own forum post. */
  "delete:post:own",
  /** "Anmeld": send a forum post to the admins' queue, with a reason. */
  "report:post",

  // What an organizer may do beyond that.
  /** One's own market and its changes go live at once instead of waiting for review. */
  "publish:market:own",

  // What only admins may do: these reach everyone's things.
  /** The admin area's front page (/dashboard/admin), with figures about everyone. */
  "read:dashboard:any",
  /** Edit any market, also one without an owner (the imported and demo ones). */
  "update:market:any",
  /** Archive or remove any market. */
  "delete:market:any",
  /** An admin's own changes to any market go live at once: they are the reviewer. */
  "publish:market:any",
  /** The review queue: approve or reject submissions and edits, restore a revision. */
  "moderate:market:any",
  /** Decide claims (/dashboard/market-claims); approving one moves the market to the claimant. */
  "moderate:claim:any",
  /** Remove anyone's forum post. Admins may remove words, not put words in someone's mouth. */
  "delete:post:any",
  /** The forum's queue (/dashboard/admin/community): hide a post or show it again, let a waiting post out, close reports. */
  "hide:post:any",
  /** Lock a topic, so that only admins may answer it, or open it again. */
  "lock:topic:any",
  /** Pin a topic to the top of its category and of the forum. */
  "pin:topic:any",
  /** Move a topic to another category. */
  "move:topic:any",
  /** Remove any stored picture (/dashboard/image-cleanup). */
  "delete:image:any",
  /** Find people and see what they have done (/dashboard/admin/brugere). */
  "read:user:any",
  /** Change a person's role, with a reason. */
  "manage:user:any",
  /** Block a person, ending their sessions, and lift the block; with a reason. */
  "block:user:any",
  /** The record of every admin action (/dashboard/admin/log). */
  "read:log:any",
  /** The anonymous measurements (/dashboard/admin/maalinger). */
  "read:measurements:any",
  /** The contact form's messages and plan requests (/dashboard/admin/beskeder). */
  "read:message:any",
  /** Answer a message by mail from the site, close it or open it again. */
  "answer:message:any",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** What every account holds: product §6 gives every user the role visitor. */
const ACCOUNT: readonly Permission[] = [
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

/**
 * The roles of product §6 and what each holds. A person holds the union of their roles, and a person
 * who is not signed in holds nothing: no public page needs a permission.
 *
 * - visitor: every account. Everything product §1 promises registered users; a market they submit
 *   or change waits for review.
 * - seller: a stallholder who sells at markets. The product names the role (product §6) and nothing it does, and no
 *   planned feature gives sellers anything, so a seller may do what every account may do. A
 *   permission no page asks for would be a promise nobody keeps; a seller feature adds its own.
 * - organizer: runs markets. Besides what every account may do, their own markets and changes
 *   go live without review: someone an admin knows runs markets is trusted with their own
 *   listings. Only an admin gives the role (`npm run user:role`); approving a claim does not, as
 *   it trusts the person with that one market (decision 0027, trust.server.ts). They may not
 *   touch anyone else's market.
 * - admin: everything, on everyone's things: the review queue, claims, picture clean-up, people
 *   (roles and blocks), the admin log, measurements, the contact form's messages and the admin area (product §6: market-claims, image-cleanup and admin imply admin).
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  visitor: ACCOUNT,
  seller: ACCOUNT,
  organizer: [...ACCOUNT, "publish:market:own"],
  admin: [
    ...ACCOUNT,
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

/** The signed-in person as the check needs them: who (for ownership) and their roles. */
export interface PermissionHolder {
  id: string;
  roles: readonly Role[];
}

/** Anything with an owner: a market row's owner_id, a post's author. null when nobody owns it. */
export interface OwnedResource {
  ownerId: string | null;
}

export type PermissionScope = "own" | "any";

/** "own", "any", or null for a permission that does not act on someone's thing (create:market). */
export function scopeOf(permission: Permission): PermissionScope | null {
  if (permission.endsWith(":own")) return "own";
  if (permission.endsWith(":any")) return "any";
  return null;
}

/** Every permission the roles hold together. */
export function permissionsOf(roles: readonly Role[]): ReadonlySet<Permission> {
  return new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]));
}

/**
 * May this person do this (to this thing)? null is someone not signed in, who may do nothing.
 *
 * Ask for the `:own` permission when acting on one thing: it holds for the owner, and for anyone
 * holding the `:any` twin (update:market:any covers update:market:own on every market). Without a
 * thing, `:own` asks whether the person may do it to their own things at all (to show a link).
 * An `:any` or unscoped permission holds or not whatever the thing.
 */
export function userCan(user: PermissionHolder | null, permission: Permission, resource?: OwnedResource): boolean {
  if (!user) return false;
  const held: ReadonlySet<string> = permissionsOf(user.roles);
  if (scopeOf(permission) !== "own") return held.has(permission);
  if (held.has(permission.replace(/:own$/, ":any"))) return true;
  if (!held.has(permission)) return false;
  return resource === undefined || (resource.ownerId !== null && resource.ownerId === user.id);
}
