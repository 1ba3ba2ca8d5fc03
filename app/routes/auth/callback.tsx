import { site } from "~/lib/site-context.server";
import { authErrorCode, googleErrorDescription, verifyErrorMessage } from "~/auth/auth-errors";
import { safeNextPath } from "~/lib/next-path";
import type { Viewer } from "~/auth/viewer";
import { viewerIn } from "~/http/session.server";
import { verificationPurpose } from "~/auth/verification-token";
import { redirectWithFlash } from "~/http/flash.server";
import type { Toast } from "~/lib/toast";
import { t } from "~/lib/i18n";
import { libraryCookies } from "~/http/auth-pages.server";
import { withNext } from "~/auth/auth-paths";
import { redirectAfterSignIn } from "~/http/sign-in-redirect.server";
import type { Route } from "./+types/callback";

/**
 * Where people land after an e-mail link (mode=verify&token=…) or after Google, and from where they
 * go on to `next` (only a path on this site) with a toast saying what happened. Nothing is shown
 * here: every answer is a redirect.
 */
export async function loader({ url, request, context }: Route.LoaderArgs) {
  const next = safeNextPath(url.searchParams.get("next"));
  const viewer = await viewerIn(context);
  if (url.searchParams.get("mode") === "verify") return verify(request, viewer, url.searchParams.get("token"), next);
  return afterGoogle(viewer, url.searchParams, next);
}

function go(to: string, toast: Toast, headers?: Headers) {
  return redirectWithFlash(to, toast, { status: 302, headers });
}

/** Did the library's answer start a session (a session cookie with a value)? */
async function startedSession(cookies: Headers): Promise<boolean> {
  const { authCookies } = await site().auth.$context;
  const name = authCookies.sessionToken.name;
  return cookies.getSetCookie().some((cookie) => cookie.startsWith(`${name}=`) && !cookie.startsWith(`${name}=;`));
}

/** The account a verification link was for: the link names its address. */
async function userIdByEmail(email: string): Promise<string | null> {
  const row = await site().database.db.selectFrom("user").select("id").where("email", "=", email.toLowerCase()).executeTakeFirst();
  return row?.id ?? null;
}

async function verify(request: Request, viewer: Viewer | null, token: string | null, next: string) {
  const signIn = withNext("/sign-in", next);
  const failed = (code: string | null) => {
    const { title, description } = verifyErrorMessage(code);
    return go(signIn, { title: t(title), description: t(description), variant: "destructive" });
  };
  if (!token) return failed(null);

  let cookies: Headers;
  try {
    const answer = await site().auth.api.verifyEmail({ query: { token }, headers: request.headers, returnHeaders: true });
    cookies = libraryCookies(answer.headers);
  } catch (error) {
    const code = authErrorCode(error);
    if (!code) site().logger.error({ err: error }, "e-mail verification failed");
    return failed(code);
  }

  const purpose = verificationPurpose(token);
  if (purpose?.kind === "change-confirmation") {
    return go(next, { title: t("auth.callback.changeConfirmedTitle"), description: t("auth.callback.changeConfirmed", { email: purpose.newEmail }), variant: "success" }, cookies);
  }
  if (purpose?.kind === "change-verification") {
    return go(next, { title: t("auth.callback.emailChangedTitle"), description: t("auth.callback.emailChanged", { email: purpose.newEmail }), variant: "success" }, cookies);
  }
  if (await startedSession(cookies)) {
    const welcome: Toast = { title: t("auth.callback.verifiedTitle"), description: t("auth.callback.verified"), variant: "success" };
    const userId = purpose ? await userIdByEmail(purpose.email) : null;
    return userId ? redirectAfterSignIn(userId, next, welcome, { status: 302, headers: cookies }) : go(next, welcome, cookies);
  }
  // Confirmed before: the link still works, but it signs nobody in a second time.
  if (viewer) return go(next, { title: t("auth.callback.alreadyVerifiedTitle"), variant: "success" });
  return go(signIn, { title: t("auth.callback.alreadyVerifiedTitle"), description: t("auth.callback.alreadyVerifiedSignIn"), variant: "default" });
}

/**
 * Back from Google through the library, which has signed the visitor in, or sends ?error=<code>
 * (the visitor said no, the state was stale, the account could not be joined).
 */
async function afterGoogle(signedIn: Viewer | null, query: URLSearchParams, next: string) {
  const error = query.getAll("error").at(-1) ?? null;
  const viewer = error ? null : signedIn;
  if (!viewer) {
    return go(withNext("/sign-in", next), { title: t("auth.toasts.googleFailed"), description: t(googleErrorDescription(error)), variant: "destructive" });
  }
  const title = query.has("ny") ? t("auth.toasts.signedUp") : t("auth.toasts.welcomeBack");
  return redirectAfterSignIn(viewer.user.id, next, { title, variant: "success" }, { status: 302 });
}
