import { redirect } from "react-router";
import { choicesForDecision, consentCookies, consentRecord, isConsentDecision } from "~/consent/consent";
import { t } from "~/lib/i18n";
import { safeNextPath } from "~/lib/next-path";
import { themeCookieForConsent } from "~/theme/theme";
import type { Route } from "./+types/consent";

/** Where "Tilpas indstillinger" leads without JavaScript: the same toggles as a plain form. */
export const SETTINGS_PAGE = "/cookies?tilpas=1#indstillinger";

const plainText = (text: string, status: number) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * POST /samtykke: the cookie banner and the settings form without JavaScript. Stores the choice
 * in the two consent cookies and answers 303 back to the page the visitor came from.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const decision = form.get("decision");
  const next = safeNextPath(form.get("next"));
  if (decision === "customize") return redirect(SETTINGS_PAGE, 303);
  if (decision === "cancel") return redirect(next, 303);
  if (!isConsentDecision(decision)) return plainText(t("consent.errors.invalidChoice"), 400);
  const record = consentRecord(choicesForDecision(decision, form));
  const secure = new URL(request.url).protocol === "https:";
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
