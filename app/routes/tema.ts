import { redirect } from "react-router";
import { preferencesAllowed } from "~/consent/consent";
import { themeFormSchema } from "~/consent/consent-forms.server";
import { parseForm } from "~/http/form.server";
import { t } from "~/lib/i18n";
import { plainErrorResponse } from "~/http/plain-error-page.server";
import { themeCookie } from "~/theme/theme";
import type { Route } from "./+types/tema";

/** POST /tema: stores the theme choice. A plain form post is answered with 303 back to the page. */
export async function action({ url, request }: Route.ActionArgs) {
  const { submission } = await parseForm(request, themeFormSchema);
  // Every field the page sends falls back to a default; a field sent twice is no page's post.
  if (submission.status !== "success") return plainErrorResponse(request, { status: 400 });
  const { theme, redirectTo, background } = submission.value;
  const secure = url.protocol === "https:";
  const headers = { "Set-Cookie": themeCookie(theme, secure, preferencesAllowed(request.headers.get("Cookie"))) };
  if (background) return Response.json({ theme }, { headers });
  return redirect(redirectTo, { status: 303, headers });
}

export function loader() {
  // Only forms post here; there is nothing to show.
  return new Response(t("api.notFound"), { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
