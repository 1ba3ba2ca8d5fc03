import type { MessageState } from "~/content/schema";
import { t } from "~/lib/i18n";

/** A message's states as the inbox and the admin log name them. Browser-safe. */

export const MESSAGE_STATES: readonly MessageState[] = ["new", "answered", "closed"];

export function isMessageState(value: unknown): value is MessageState {
  return typeof value === "string" && (MESSAGE_STATES as readonly string[]).includes(value);
}

const NAMES: Record<MessageState, string> = {
  new: t("inbox.states.new"),
  answered: t("inbox.states.answered"),
  closed: t("inbox.states.closed"),
};

export function messageStateName(state: MessageState): string {
  return NAMES[state];
}
