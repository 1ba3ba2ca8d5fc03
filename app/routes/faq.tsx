import { Link } from "react-router";
import { FaqContents, FaqSections } from "~/content/components/FaqList";
import { Prose } from "~/content/components/Prose";
import { siteFaq } from "~/content/faq.server";
import { faqPageJsonLd } from "~/content/structured-data";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/faq";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** /faq: what visitors and organisers ask, each answer with its own anchor. */
export function loader() {
  return siteFaq();
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return seoMeta(matches, {
    title: loaderData.title,
    description: loaderData.description,
    path: "/faq",
    structuredData: [faqPageJsonLd(loaderData)],
  });
}

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{loaderData.heading}</h1>
      <Prose html={loaderData.introHtml} className="mt-4" />
      <FaqContents sections={loaderData.sections} />
      <FaqSections sections={loaderData.sections} />
      <section aria-labelledby="ikke-svar" className="mt-12 max-w-3xl rounded-2xl border border-stone-300 bg-white p-5 dark:border-stone-700 dark:bg-stone-900">
        <h2 id="ikke-svar" className="text-xl font-bold">
          {t("content.faq.moreHeading")}
        </h2>
        <p className="mt-2">
          {t("content.faq.moreText")} <Link to="/kontakt">{t("content.faq.contactLink")}</Link>
        </p>
      </section>
    </>
  );
}
