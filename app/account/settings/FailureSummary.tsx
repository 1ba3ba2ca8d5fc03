import type { FormReply } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { FIELD_IDS, SECTION_IDS, SETTINGS_FORMS, type SettingsForm } from "../settings-forms";

const FORMS = new Set<string>(Object.values(SETTINGS_FORMS));

function isSettingsReply(reply: unknown): reply is FormReply & { form: SettingsForm } {
  return typeof reply === "object" && reply !== null && FORMS.has((reply as FormReply).form) && "result" in reply;
}

/**
 * After a post that failed without JavaScript the browser shows the top of the page: this says
 * what went wrong and links to the field, wherever on the page it is. A message about the whole
 * form links to its section.
 */
export function FailureSummary({ reply }: { reply: unknown }) {
  if (!isSettingsReply(reply)) return null;
  const entries = Object.entries(reply.result.error ?? {}).flatMap(([name, messages]) => (messages?.[0] ? [{ name, message: messages[0] }] : []));
  if (!entries.length) return null;
  const target = (name: string) => (name in FIELD_IDS ? FIELD_IDS[name as keyof typeof FIELD_IDS] : SECTION_IDS[reply.form]);
  return (
    <div role="alert" className="mt-6 rounded-xl border border-red-700 bg-red-50 p-4 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50">
      <p className="font-semibold">{t("settings.summaryHeading")}</p>
      <ul className="mt-2 list-disc pl-5">
        {entries.map(({ name, message }) => (
          <li key={name}>
            <a href={`#${target(name)}`} className="text-red-950 dark:text-red-50">
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
