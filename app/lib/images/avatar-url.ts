/**
 * Where an uploaded avatar lives: /billeder/avatars/<user id>/<key>-<size>.webp, one file per size.
 * The key is made from the files' content (avatar.server.ts): a URL always shows the same picture,
 * so the files can be cached for good (server/express-app.ts). Keys are 32 hex characters, as the
 * random keys of earlier uploads were, so one pattern recognises both.
 */
export const AVATAR_SIZES = [256, 96] as const;

export const AVATAR_URL_PREFIX = "/billeder/avatars/";

/** The largest picture taken (upload or import): the settings form checks it before sending, the server again. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

const OWN_AVATAR = /^\/billeder\/avatars\/([0-9a-f-]{36})\/([0-9a-f]{32})-256\.webp$/;

/** The stored URL (the largest size) for a user and key. */
export function avatarUrl(userId: string, key: string): string {
  return `${AVATAR_URL_PREFIX}${userId}/${key}-${AVATAR_SIZES[0]}.webp`;
}

/** The parts of one of our own avatar URLs; null for anything else (a Google picture, a typo). */
export function parseAvatarUrl(url: string | null | undefined): { userId: string; key: string } | null {
  const match = url?.match(OWN_AVATAR);
  return match ? { userId: match[1]!, key: match[2]! } : null;
}

/** The storage keys of every size of one of our avatar URLs (the /billeder/ address without its prefix); none for any other URL. */
export function avatarFileKeys(url: string | null | undefined): string[] {
  const parsed = parseAvatarUrl(url);
  return parsed ? AVATAR_SIZES.map((size) => `avatars/${parsed.userId}/${parsed.key}-${size}.webp`) : [];
}

/** src and srcset for an <img>; null when the URL is not one of ours (the CSP allows only our own images). */
export function avatarImage(url: string | null | undefined): { src: string; srcSet: string } | null {
  const parsed = parseAvatarUrl(url);
  if (!parsed) return null;
  const file = (size: number) => `${AVATAR_URL_PREFIX}${parsed.userId}/${parsed.key}-${size}.webp`;
  return { src: file(AVATAR_SIZES[0]), srcSet: AVATAR_SIZES.map((size) => `${file(size)} ${size}w`).join(", ") };
}
