import { data, useActionData } from "react-router";
import { readLimitedForm } from "~/lib/request-body.server";
import { clientAddressOf } from "~/auth/auth-rate-limits.server";
import { ContactForm, type ContactErrors } from "~/content/components/ContactForm";
import { InfoPageView, infoPageMeta } from "~/content/components/InfoPageView";
import { contactValues, planSubject, type ContactValues } from "~/content/contact";
import { submitContactForm } from "~/content/contact.server";
import { infoPage } from "~/content/pages.server";
import { isPlanId } from "~/content/plans";
import { database } from "~/lib/db/database.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { t } from "~/lib/i18n";
import type { Route } from "./+types/contact";

/** A message is a few kilobytes at most; anything much larger is not from our form. */
const FORM_MAX_BYTES = 32 * 1024;

/** /kontakt: a message to the people behind Loppeguiden; ?plan=<id> (from /priser) chooses the plan. */
export function loader({ request }: Route.LoaderArgs) {
  const plan = new URL(request.url).searchParams.get("plan");
  return { page: infoPage("kontakt"), defaultSubject: isPlanId(plan) ? planSubject(plan) : "" };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return infoPageMeta({ loaderData: loaderData?.page, matches });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;
}

interface ContactFailure {
  errors: ContactErrors;
  values: ContactValues;
}

/** "30 sekunder", "1 minut", "14 minutter", "1 time", "2 timer". */
function waitText(seconds: number): string {
  if (seconds < 60) return t("content.contact.wait.seconds", { count: Math.max(1, Math.ceil(seconds)) });
  const minutes = Math.ceil(seconds / 60);
  if (minutes === 1) return t("content.contact.wait.minute");
  if (minutes < 60) return t("content.contact.wait.minutes", { count: minutes });
  const hours = Math.round(minutes / 60);
  return hours === 1 ? t("content.contact.wait.hour") : t("content.contact.wait.hours", { count: hours });
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readLimitedForm(request, FORM_MAX_BYTES);
  if (!read.ok) throw data(null, { status: read.reason === "too-large" ? 413 : 400 });
  const outcome = await submitContactForm(database().db, read.form, { clientAddress: clientAddressOf(context) });
  switch (outcome.kind) {
    case "sent":
    // A robot that filled in the hidden field is told the same as a person, so it learns nothing.
    case "ignored":
      return redirectWithFlash("/kontakt", { title: t("content.contact.sent.title"), description: t("content.contact.sent.description"), variant: "success" });
    case "invalid":
      return data<ContactFailure>({ errors: outcome.errors, values: outcome.values }, { status: 400 });
    case "limited":
      return data<ContactFailure>(
        { errors: { form: t("content.contact.tooMany", { wait: waitText(outcome.retryAfterSeconds) }) }, values: contactValues(read.form) },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
  }
}

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const failure = useActionData<ContactFailure>();
  return (
    <InfoPageView page={loaderData.page}>
      <section aria-labelledby="skriv-til-os" className="mt-10 max-w-2xl rounded-2xl border border-stone-300 bg-white p-5 sm:p-6 dark:border-stone-700 dark:bg-stone-900">
        <h2 id="skriv-til-os" className="mb-4 text-2xl font-bold">
          {t("content.contact.formHeading")}
        </h2>
        <ContactForm errors={failure?.errors} values={failure?.values} defaultSubject={loaderData.defaultSubject} />
      </section>
    </InfoPageView>
  );
}
