import { redirect } from "react-router";
import { choicesForDecision, consentCookies, consentRecord } from "~/consent/consent";
import { consentFormSchema } from "~/consent/consent-forms.server";
import { parseForm } from "~/http/form.server";
import { t } from "~/lib/i18n";
import { themeCookieForConsent } from "~/theme/theme";
import type { Route } from "./+types/samtykke";

/** Where "Tilpas indstillinger" leads without JavaScript: the same toggles as a plain form. */
export const SETTINGS_PAGE = "/cookies?tilpas=1#indstillinger";

const plainText = (text: string, status: number) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * POST /samtykke: the cookie banner and the settings form without JavaScript. Stores the choice
 * in the two consent cookies and answers 303 back to the page the visitor came from.
 */
export async function action({ url, request }: Route.ActionArgs) {
  const { formData, submission } = await parseForm(request, consentFormSchema);
  if (submission.status !== "success") return plainText(t("consent.errors.invalidChoice"), 400);
  const { decision, next } = submission.value;
  if (decision === "customize") return redirect(SETTINGS_PAGE, 303);
  if (decision === "cancel") return redirect(next, 303);
  // The toggles are read as the settings form reads them in the browser.
  const record = consentRecord(choicesForDecision(decision, formData));
  const secure = url.protocol === "https:";
  const headers = new Headers();
  for (const cookie of consentCookies(record, secure)) headers.append("Set-Cookie", cookie);
  const theme = themeCookieForConsent(request.headers.get("Cookie"), record.preferences, secure);
  if (theme) headers.append("Set-Cookie", theme);
  return redirect(next, { status: 303, headers });
}

export function loader() {
  // Only forms post here; there is nothing to show.
  return plainText(t("api.notFound"), 404);
}
