import type { SettingsIntent } from "../settings-forms";

/** Which of the page's forms a post comes from (the action reads "intent"). */
export function IntentInput({ intent }: { intent: SettingsIntent }) {
  return <input type="hidden" name="intent" value={intent} />;
}
