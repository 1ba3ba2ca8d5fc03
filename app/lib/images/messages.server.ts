import { t, type TranslationKey } from "~/lib/i18n";
import type { ImageProblem } from "./process-image.server";
import { imageTooLargeMessage } from "./too-large-message";

const MESSAGE_KEYS = {
  "too-many-pixels": "images.errors.tooManyPixels",
  "not-image": "images.errors.notImage",
  "unsupported-type": "images.errors.unsupportedType",
} as const satisfies Record<Exclude<ImageProblem, "too-large">, TranslationKey>;

/** What to tell the user about a refused upload; maxBytes is the limit that upload was held to. */
export function imageProblemMessage(problem: ImageProblem, { maxBytes }: { maxBytes?: number } = {}): string {
  if (problem === "too-large") return imageTooLargeMessage(maxBytes);
  return t(MESSAGE_KEYS[problem]);
}
