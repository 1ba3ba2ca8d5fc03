import { t, type TranslationKey } from "~/lib/i18n";
import type { ImageProblem } from "./process-image.server";

const MESSAGE_KEYS = {
  "too-large": "images.errors.tooLarge",
  "too-many-pixels": "images.errors.tooManyPixels",
  "not-image": "images.errors.notImage",
  "unsupported-type": "images.errors.unsupportedType",
} as const satisfies Record<ImageProblem, TranslationKey>;

/** What to tell the user about a refused upload; maxBytes is the limit that upload was held to. */
export function imageProblemMessage(problem: ImageProblem, { maxBytes }: { maxBytes?: number } = {}): string {
  if (problem === "too-large" && maxBytes !== undefined) {
    return t("images.errors.tooLargeLimit", { size: formatMegabytes(maxBytes) });
  }
  return t(MESSAGE_KEYS[problem]);
}

/** "5 MB", "2,5 MB": Danish decimal comma, as on the rest of the site. */
function formatMegabytes(bytes: number): string {
  const megabytes = Math.round((bytes / (1024 * 1024)) * 10) / 10;
  return `${megabytes.toLocaleString("da-DK")} MB`;
}
