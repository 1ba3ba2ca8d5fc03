import { clientAddressOf } from "~/http/request-context.server";
import { site } from "~/lib/site-context.server";
import { useActionData } from "react-router";
import { readForm } from "~/http/request-body.server";
import { CONTACT_FORM_ID, ContactForm } from "~/content/components/ContactForm";
import { InfoPageView, infoPageMeta } from "~/content/components/InfoPageView";
import { CONTACT_TOPICS, planSubject } from "~/content/contact";
import { contactSchema } from "~/content/contact-form";
import { submitContactForm } from "~/content/contact.server";
import { formConstraint } from "~/forms/parse-form.server";
import { formFailure } from "~/http/form.server";
import { infoPage } from "~/content/pages.server";
import { isPlanId } from "~/markets/plans";
import { redirectWithFlash } from "~/http/flash.server";
import { t } from "~/lib/i18n";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";
import type { Route } from "./+types/kontakt";

/** A message is a few kilobytes at most; anything much larger is not from our form. */
const FORM_MAX_BYTES = 32 * 1024;

/** Without React in the browser (decision 0022): app/progressive/ checks its forms. */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/**
 * /kontakt: a message to the people behind Loppeguiden; ?plan=<id> (from /priser) chooses the plan,
 * ?emne=<topic> (a market page's "Kontakt os") the topic.
 */
export function loader({ url }: Route.LoaderArgs) {
  const query = url.searchParams;
  const plan = query.get("plan");
  const topic = query.get("emne") ?? "";
  const defaultSubject = isPlanId(plan) ? planSubject(plan) : (CONTACT_TOPICS as readonly string[]).includes(topic) ? topic : "";
  return { page: infoPage("kontakt"), defaultSubject, constraint: formConstraint(contactSchema) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return infoPageMeta({ loaderData: loaderData?.page, matches });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
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
  const form = await readForm(request, FORM_MAX_BYTES);
  const { database, config, mailer, logger } = site();
  const outcome = await submitContactForm(database.db, form, {
    clientAddress: clientAddressOf(context),
    rule: config.rateLimits.contact,
    to: config.contactEmail,
    send: mailer.send,
    logger,
  });
  switch (outcome.kind) {
    // A robot that filled in the hidden field is told the same as a person, so it learns nothing.
    case "sent":
    case "ignored":
      return redirectWithFlash("/kontakt", { title: t("content.contact.sent.title"), description: t("content.contact.sent.description"), variant: "success" });
    case "invalid":
      return formFailure(CONTACT_FORM_ID, outcome.submission);
    case "limited":
      return formFailure(
        CONTACT_FORM_ID,
        outcome.submission,
        { formErrors: [t("content.contact.tooMany", { wait: waitText(outcome.retryAfterSeconds) })] },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
  }
}

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  return (
    <InfoPageView page={loaderData.page}>
      <section aria-labelledby="skriv-til-os" className="mt-10 max-w-2xl rounded-2xl border border-stone-300 bg-white p-5 sm:p-6 dark:border-stone-700 dark:bg-stone-900">
        <h2 id="skriv-til-os" className="mb-4 text-2xl font-bold">
          {t("content.contact.formHeading")}
        </h2>
        <ContactForm reply={reply} constraint={loaderData.constraint} defaultSubject={loaderData.defaultSubject} />
      </section>
    </InfoPageView>
  );
}
