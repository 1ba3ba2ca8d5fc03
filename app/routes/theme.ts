import { redirect } from "react-router";
import { preferencesAllowed } from "~/consent/consent";
import { safeNextPath } from "~/lib/next-path";
import { t } from "~/lib/i18n";
import { DEFAULT_THEME, isTheme, themeCookie } from "~/theme/theme";
import type { Route } from "./+types/theme";

/** POST /tema: stores the theme choice. A plain form post is answered with 303 back to the page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const requested = form.get("theme");
  const theme = isTheme(requested) ? requested : DEFAULT_THEME;
  const secure = new URL(request.url).protocol === "https:";
  const headers = { "Set-Cookie": themeCookie(theme, secure, preferencesAllowed(request.headers.get("Cookie"))) };
  if (form.get("background") === "1") return Response.json({ theme }, { headers });
  return redirect(safeNextPath(form.get("redirectTo")), { status: 303, headers });
}

export function loader() {
  // Only forms post here; there is nothing to show.
  return new Response(t("api.notFound"), { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
