/*
 * Where a stored file lives says who may see it (decision 0027). Everything under "private/{userId}/"
 * is that person's and the admins' alone: pictures nobody has reviewed yet (a draft's, a submission's,
 * a change that waits). Everything else under /billeder is public and kept by browsers for 30 days as
 * immutable, so a file moves out of "private/" only by being copied to a public key once a public
 * market shows it; a key never changes who may see it. The rule needs no lookup: a copy cached
 * publicly can never be one of the private files.
 */

export const PRIVATE_ROOT = "private";

const USER_ID = /^[A-Za-z0-9_-]+$/;

/** The folder of one person's private files: "private/{userId}". */
export function privateFolder(userId: string): string {
  if (!USER_ID.test(userId)) throw new Error(`Not a user id for a storage key: ${JSON.stringify(userId.slice(0, 100))}`);
  return `${PRIVATE_ROOT}/${userId}`;
}

/** The person a private key belongs to, or null for a public key. */
export function privateOwnerOf(key: string): string | null {
  if (!key.startsWith(`${PRIVATE_ROOT}/`)) return null;
  const owner = key.split("/")[1];
  return owner && USER_ID.test(owner) ? owner : null;
}

/** True when the key is under "private/" at all (also when it names no owner: then nobody but admins sees it). */
export function isPrivateKey(key: string): boolean {
  return key === PRIVATE_ROOT || key.startsWith(`${PRIVATE_ROOT}/`);
}
