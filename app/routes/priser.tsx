import { Link } from "react-router";
import { withNext } from "~/auth/auth-paths";
import { buttonClass } from "~/components/ui/button";
import { FaqSections } from "~/content/components/FaqList";
import { PricingTable } from "~/content/components/PricingTable";
import { Prose } from "~/content/components/Prose";
import { pricingFaq } from "~/content/faq.server";
import { infoPage } from "~/content/pages.server";
import { PLANS, priceHeadline, priceWithoutVatText, type Plan } from "~/markets/plans";
import { faqPageJsonLd } from "~/content/structured-data";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/priser";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** /priser: the plans for organisers (app/markets/plans.ts), compared, and the questions about them; the free one starts at the market form. */
export function loader() {
  return { page: infoPage("priser"), faq: pricingFaq() };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { page, faq } = loaderData;
  return seoMeta(matches, {
    title: page.title,
    description: page.description,
    path: "/priser",
    structuredData: [faqPageJsonLd(faq)],
  });
}

/**
 * Where a plan's button leads: the free listing to the market form, by the sign-in page as every
 * public link to a signed-in page goes (a visitor signs in or up and comes back, someone signed in
 * is sent straight on); a paid plan to the contact form with the plan chosen, as long as the site
 * takes no payments.
 */
function planActionPath(plan: Plan): string {
  return plan.monthlyPriceKr === 0 ? withNext("/sign-in", "/opret-marked") : `/kontakt?plan=${plan.id}`;
}

function PlanCards() {
  return (
    <ul className="mt-6 grid gap-6 md:grid-cols-3">
      {PLANS.map((plan) => {
        const withoutVat = priceWithoutVatText(plan);
        return (
          <li
            key={plan.id}
            className={`flex flex-col rounded-2xl border bg-white p-5 dark:bg-stone-900 ${
              plan.recommended ? "border-2 border-emerald-700 dark:border-emerald-300" : "border-stone-300 dark:border-stone-700"
            }`}
          >
            <h3 className="text-2xl font-bold">{plan.name}</h3>
            {plan.recommended ? (
              <p className="mt-1 w-fit rounded-full bg-emerald-800 px-2.5 py-0.5 text-sm font-semibold text-white dark:bg-emerald-300 dark:text-stone-950">
                {t("content.pricing.recommended")}
              </p>
            ) : null}
            <p className="mt-3 text-2xl font-bold">{priceHeadline(plan)}</p>
            {withoutVat ? <p className="text-sm text-stone-700 dark:text-stone-300">{withoutVat}</p> : null}
            <p className="mt-3 text-stone-700 dark:text-stone-300">{plan.pitch}</p>
            <ul className="mt-4 flex-1 space-y-2">
              {plan.highlights.map((highlight) => (
                <li key={highlight} className="flex gap-2">
                  <span aria-hidden="true" className="text-emerald-800 dark:text-emerald-300">
                    ✓
                  </span>
                  <span>{highlight}</span>
                </li>
              ))}
            </ul>
            <Link to={planActionPath(plan)} className={`${buttonClass(plan.recommended ? "primary" : "secondary")} mt-6 w-full`}>
              {plan.monthlyPriceKr === 0 ? t("content.pricing.addMarket") : t("content.pricing.choose", { plan: plan.name })}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export default function PricingPage({ loaderData }: Route.ComponentProps) {
  const { page, faq } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{page.heading}</h1>
      <Prose html={page.html} className="mt-4" />

      <section aria-labelledby="planer" className="mt-10">
        <h2 id="planer" className="text-2xl font-bold">
          {t("content.pricing.plansHeading")}
        </h2>
        <PlanCards />
        <p className="mt-4 max-w-3xl text-stone-700 dark:text-stone-300">{t("content.pricing.vatNote")}</p>
      </section>

      <section aria-labelledby="sammenlign" className="mt-12">
        <h2 id="sammenlign" className="text-2xl font-bold">
          {t("content.pricing.comparisonHeading")}
        </h2>
        <PricingTable />
      </section>

      <section aria-labelledby="spoergsmaal" className="mt-12">
        <h2 id="spoergsmaal" className="text-2xl font-bold">
          {faq.heading}
        </h2>
        <FaqSections sections={faq.sections} headingLevel={3} />
      </section>
    </>
  );
}
