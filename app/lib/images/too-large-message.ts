import { t } from "~/lib/i18n";

/**
 * What to say about a picture over the size limit. Kept apart from messages.server.ts because a
 * form checks the size in the browser before sending (app/account/settings/settings-schemas.ts),
 * and it must say the same as the server.
 */
export function imageTooLargeMessage(maxBytes?: number): string {
  if (maxBytes === undefined) return t("images.errors.tooLarge");
  return t("images.errors.tooLargeLimit", { size: formatMegabytes(maxBytes) });
}

/** "5 MB", "2,5 MB": Danish decimal comma, as on the rest of the site. */
function formatMegabytes(bytes: number): string {
  const megabytes = Math.round((bytes / (1024 * 1024)) * 10) / 10;
  return `${megabytes.toLocaleString("da-DK")} MB`;
}
