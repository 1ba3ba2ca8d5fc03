import { site } from "~/lib/site-context.server";
import { Form, Link, data } from "react-router";
import { authErrorCode } from "~/auth/auth-errors";
import { viewerIn } from "~/http/session.server";
import { redirectWithFlash } from "~/http/flash.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { NO_STORE, libraryCookies } from "~/http/auth-pages.server";
import { formText } from "~/forms/form-data";
import { readForm } from "~/http/request-body.server";
import { AuthPage, SubmitButton } from "~/auth/auth-ui";
import type { Route } from "./+types/sign-out";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await viewerIn(context);
  return data({ name: viewer?.user.name ?? null }, { headers: NO_STORE });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

type Scope = "this" | "all" | "others";

function scopeOf(value: string): Scope {
  return value === "all" || value === "others" ? value : "this";
}

/**
 * Three ways out (product §7 logout scope local, global, others). Signing out here is always possible,
 * even with a session that has already ended; ending the sessions elsewhere needs a session that
 * is still valid, since it is the session that says whose they are.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const scope = scopeOf(formText(form, "intent"));
  const api = site().auth.api;
  try {
    if (scope === "others") {
      await api.revokeOtherSessions({ headers: request.headers });
      return redirectWithFlash("/dashboard", { title: t("auth.signOut.othersDoneTitle"), description: t("auth.signOut.othersDone"), variant: "success" });
    }
    if (scope === "all") await api.revokeSessions({ headers: request.headers });
    // Ends this session and tells the browser to forget its cookie.
    const answer = await api.signOut({ headers: request.headers, returnHeaders: true });
    return redirectWithFlash(
      "/",
      { title: t("auth.toasts.signedOut"), description: scope === "all" ? t("auth.signOut.allDone") : undefined, variant: "success" },
      { headers: libraryCookies(answer.headers) },
    );
  } catch (error) {
    const sessionGone = authErrorCode(error) === "UNAUTHORIZED";
    if (!sessionGone) site().logger.error({ err: error, scope }, "sign-out failed");
    return redirectWithFlash("/sign-out", {
      title: t("auth.toasts.signOutFailed"),
      description: sessionGone ? t("auth.signOut.failedExpired") : t("auth.signOut.failed"),
      variant: "destructive",
    });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, { title: t("auth.signOut.title"), description: t("auth.signOut.description"), path: "/sign-out", robots: "noindex,follow" });
}

function Choice({ intent, label, hint }: { intent: Scope; label: string; hint: string }) {
  return (
    <div>
      <SubmitButton intent={intent} label={label} pendingLabel={t("auth.signOut.pending")} variant={intent === "this" ? "primary" : "secondary"} />
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{hint}</p>
    </div>
  );
}

export default function SignOut({ loaderData }: Route.ComponentProps) {
  const { name } = loaderData;
  if (!name) {
    return (
      <AuthPage heading={t("auth.signOut.heading")}>
        <p>{t("auth.signOut.notSignedIn")}</p>
        <p className="mt-4">
          <Link to="/sign-in">{t("auth.signOut.signInLink")}</Link>
        </p>
      </AuthPage>
    );
  }
  return (
    <AuthPage heading={t("auth.signOut.heading")} intro={t("auth.signOut.signedInAs", { name })}>
      <Form method="post" className="space-y-5">
        <Choice intent="this" label={t("auth.signOut.thisDevice")} hint={t("auth.signOut.thisDeviceHint")} />
        <Choice intent="others" label={t("auth.signOut.otherDevices")} hint={t("auth.signOut.otherDevicesHint")} />
        <Choice intent="all" label={t("auth.signOut.allDevices")} hint={t("auth.signOut.allDevicesHint")} />
      </Form>
    </AuthPage>
  );
}
