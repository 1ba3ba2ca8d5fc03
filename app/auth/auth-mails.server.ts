import { AsyncLocalStorage } from "node:async_hooks";
import { t } from "../lib/i18n";
import { renderMail } from "../mail/mail-layout";
import type { Mail, SendMail } from "../mail/mailer.server";
import { safeNextPath } from "~/lib/next-path";
import { verificationPurpose } from "./verification-token";

/**
 * The mails of the account flows, in Danish. Links point at our own pages (/auth/callback,
 * /reset-password), which call the auth library: the library's own URLs never reach a mail. Each
 * goes out through the site's mailer, which the library's callbacks hand in (auth.server.ts).
 */

interface Recipient {
  name: string;
  email: string;
}

/**
 * The library sends its mails through callbacks and swallows their errors (it logs them), so a
 * form could not tell "mail sent" from "mail failed". A form action runs the library call inside
 * `watchMail`, and the send functions below note a failure where that action can read it.
 */
const mailWatch = new AsyncLocalStorage<{ error: unknown }>();

export async function watchMail<T>(work: () => Promise<T>): Promise<{ result: T; mailError: unknown }> {
  const watch = { error: null as unknown };
  const result = await mailWatch.run(watch, work);
  return { result, mailError: watch.error };
}

async function watched(send: SendMail, mail: Mail): Promise<void> {
  try {
    await send(mail);
  } catch (error) {
    const watch = mailWatch.getStore();
    if (watch) watch.error = error;
    throw error;
  }
}

/** The callbackURL the form passed travels in the library's link; we keep it as next. */
function nextFrom(libraryUrl: string): string {
  try {
    return safeNextPath(new URL(libraryUrl).searchParams.get("callbackURL"));
  } catch {
    return "/";
  }
}

/** Our landing page for every verification link: it verifies, signs in and goes on to next. */
export function verificationLink(baseUrl: string, token: string, next: string): string {
  const query = new URLSearchParams({ mode: "verify", token, next: safeNextPath(next) });
  return `${baseUrl}/auth/callback?${query}`;
}

export function resetPasswordLink(baseUrl: string, token: string): string {
  return `${baseUrl}/reset-password?${new URLSearchParams({ token })}`;
}

function greeting(user: Recipient): string {
  const name = user.name.trim();
  return name ? t("auth.mail.greeting", { name }) : t("auth.mail.greetingNoName");
}

/**
 * The library sends one kind of verification mail for a new account and for the second step of a
 * change of address (to the new address); the token says which.
 */
export async function sendVerificationMail(send: SendMail, baseUrl: string, user: Recipient, libraryUrl: string, token: string) {
  const link = verificationLink(baseUrl, token, nextFrom(libraryUrl));
  const purpose = verificationPurpose(token);
  const mail =
    purpose?.kind === "change-verification"
      ? renderMail({
          subject: t("auth.mail.newAddress.subject"),
          greeting: greeting(user),
          intro: [t("auth.mail.newAddress.intro", { email: purpose.newEmail })],
          action: { label: t("auth.mail.newAddress.action"), url: link },
          outro: [t("auth.mail.newAddress.outro")],
        })
      : renderMail({
          subject: t("auth.mail.verify.subject"),
          greeting: greeting(user),
          intro: [t("auth.mail.verify.intro")],
          action: { label: t("auth.mail.verify.action"), url: link },
          outro: [t("auth.mail.verify.expiry"), t("auth.mail.verify.outro")],
        });
  await watched(send, { to: user.email, link, ...mail });
}

export async function sendResetPasswordMail(send: SendMail, baseUrl: string, user: Recipient, token: string) {
  const link = resetPasswordLink(baseUrl, token);
  const mail = renderMail({
    subject: t("auth.mail.reset.subject"),
    greeting: greeting(user),
    intro: [t("auth.mail.reset.intro")],
    action: { label: t("auth.mail.reset.action"), url: link },
    outro: [t("auth.mail.reset.expiry"), t("auth.mail.reset.outro")],
  });
  await watched(send, { to: user.email, link, ...mail });
}

/** Step 1 of a change of address, to the current address: its owner agrees before anything changes. */
export async function sendChangeEmailMail(send: SendMail, baseUrl: string, user: Recipient, newEmail: string, libraryUrl: string) {
  const token = new URL(libraryUrl).searchParams.get("token") ?? "";
  const link = verificationLink(baseUrl, token, nextFrom(libraryUrl));
  const mail = renderMail({
    subject: t("auth.mail.changeEmail.subject"),
    greeting: greeting(user),
    intro: [t("auth.mail.changeEmail.intro", { email: newEmail })],
    action: { label: t("auth.mail.changeEmail.action"), url: link },
    outro: [t("auth.mail.changeEmail.outro")],
  });
  await watched(send, { to: user.email, link, ...mail });
}
