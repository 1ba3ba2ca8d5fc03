import { t } from "~/lib/i18n";

/**
 * The name the forum shows for a person: the one they chose in the settings, or else the first
 * word of their account's name. A deleted account's posts say "Slettet bruger". Browser-safe.
 */
export function forumNameOf(author: { forumName: string | null; accountName: string | null } | null): string {
  if (!author || author.accountName === null) return t("forum.deletedAuthor");
  const chosen = author.forumName?.trim();
  if (chosen) return chosen;
  return author.accountName.trim().split(/\s+/)[0] || t("forum.unnamedAuthor");
}

/** The forum name's limits, for the settings form. */
export const FORUM_NAME_MIN = 2;
export const FORUM_NAME_MAX = 40;
