import { site } from "~/lib/site-context.server";
import { data, redirect } from "react-router";
import { GOOGLE_PROVIDER_ID, googleEnabled } from "~/auth/google.server";
import { safeNextPath } from "~/lib/next-path";
import { redirectWithFlash } from "~/http/flash.server";
import { t } from "~/lib/i18n";
import { libraryCookies } from "~/http/auth-pages.server";
import { formText } from "~/forms/form-data";
import { readForm } from "~/http/request-body.server";
import { withNext } from "~/auth/auth-paths";
import type { Route } from "./+types/google";

/** Only the button's form post starts a sign-in; an address typed into the browser goes to the sign-in page. */
export function loader() {
  return redirect("/sign-in", 302);
}

/**
 * "Log ind med Google": the library makes the address at Google (with state, PKCE and nonce, which
 * it keeps in the database and a short-lived cookie) and we send the browser there. Google returns
 * to the library (/api/auth/callback/google), which signs the visitor in and sends them on to our
 * /auth/callback with next, or with an error.
 */
export async function action({ request }: Route.ActionArgs) {
  if (!googleEnabled(site().config)) throw data(null, { status: 404 });
  const form = await readForm(request);
  const next = safeNextPath(formText(form, "next"));
  const landing = (extra: Record<string, string>) => `/auth/callback?${new URLSearchParams({ ...extra, next })}`;
  try {
    const answer = await site().auth.api.signInSocial({
      body: {
        provider: GOOGLE_PROVIDER_ID,
        callbackURL: landing({}),
        newUserCallbackURL: landing({ ny: "1" }),
        // The library adds ?error=<code> to this.
        errorCallbackURL: landing({}),
        disableRedirect: true,
      },
      headers: request.headers,
      returnHeaders: true,
    });
    if (!answer.response.url) throw new Error("The auth library gave no address at Google");
    return redirect(answer.response.url, { status: 303, headers: libraryCookies(answer.headers) });
  } catch (error) {
    site().logger.error({ err: error }, "could not start Google sign-in");
    return redirectWithFlash(withNext("/sign-in", next), { title: t("auth.toasts.googleFailed"), description: t("auth.google.errors.failed"), variant: "destructive" });
  }
}
