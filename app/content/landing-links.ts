import { landingPath, landingTitle, resolveLandingPath } from "~/landing/paths";

/** A landing page an article points its readers to: "Hyldemarkeder i Aarhus" and what it holds. */
export interface LandingLink {
  path: string;
  label: string;
  /** What the type is, for the type's own page; a place's page needs no more than its name. */
  description: string | null;
}

/**
 * The landing page for a path written in a content file ("/hyldemarkeder",
 * "/loppemarkeder-i-koebenhavn"), or null when no such page exists, so a typo fails at load
 * instead of leading readers to a 404.
 */
export function landingLink(path: string): LandingLink | null {
  if (!path.startsWith("/") || path.includes("/", 1)) return null;
  const resolved = resolveLandingPath(path.slice(1));
  if (resolved.kind !== "page") return null;
  const { page } = resolved;
  return { path: landingPath(page.type, page.location), label: landingTitle(page), description: page.location ? null : page.type.description };
}
