import { t } from "~/lib/i18n";

/**
 * The plans for organisers (/priser): the one place their names, prices and limits are kept (the
 * texts in translation.json under "content.pricing").
 * The pricing page, its comparison table, the contact form's plan choice and the structured data
 * all read from here. The free listing starts at the market form (/opret-marked); a paid plan is
 * agreed through /kontakt?plan=<id>, as long as the site takes no payments.
 */

export const PLAN_IDS = ["gratis", "synlig", "pro"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Danish VAT (moms): every price below includes it. */
export const VAT_RATE = 0.25;

export interface Plan {
  id: PlanId;
  name: string;
  /** Per month in whole kroner including VAT; 0 for the free listing. */
  monthlyPriceKr: number;
  /** One line under the name: who the plan is for. */
  pitch: string;
  /** What the plan gives, in the order an organiser weighs it. */
  highlights: string[];
  /** Shown as the plan most organisers pick. */
  recommended: boolean;
  limits: {
    imagesPerMarket: number;
    /** How many of the organiser's markets are shown first on the landing pages of their type and place. */
    featuredMarkets: number;
    statistics: "none" | "monthly" | "daily";
    /** Working days until we answer at the latest. */
    answerWithinWorkingDays: number;
  };
}

export const PLANS: readonly Plan[] = [
  {
    id: "gratis",
    name: t("content.pricing.plans.gratis.name"),
    monthlyPriceKr: 0,
    pitch: t("content.pricing.plans.gratis.pitch"),
    highlights: [
      t("content.pricing.plans.gratis.highlight1"),
      t("content.pricing.plans.gratis.highlight2"),
      t("content.pricing.plans.gratis.highlight3"),
      t("content.pricing.plans.gratis.highlight4"),
    ],
    recommended: false,
    limits: { imagesPerMarket: 3, featuredMarkets: 0, statistics: "none", answerWithinWorkingDays: 5 },
  },
  {
    id: "synlig",
    name: t("content.pricing.plans.synlig.name"),
    monthlyPriceKr: 149,
    pitch: t("content.pricing.plans.synlig.pitch"),
    highlights: [
      t("content.pricing.plans.synlig.highlight1"),
      t("content.pricing.plans.synlig.highlight2"),
      t("content.pricing.plans.synlig.highlight3"),
      t("content.pricing.plans.synlig.highlight4"),
    ],
    recommended: true,
    limits: { imagesPerMarket: 10, featuredMarkets: 1, statistics: "monthly", answerWithinWorkingDays: 2 },
  },
  {
    id: "pro",
    name: t("content.pricing.plans.pro.name"),
    monthlyPriceKr: 349,
    pitch: t("content.pricing.plans.pro.pitch"),
    highlights: [
      t("content.pricing.plans.pro.highlight1"),
      t("content.pricing.plans.pro.highlight2"),
      t("content.pricing.plans.pro.highlight3"),
      t("content.pricing.plans.pro.highlight4"),
    ],
    recommended: false,
    limits: { imagesPerMarket: 25, featuredMarkets: 5, statistics: "daily", answerWithinWorkingDays: 1 },
  },
];

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

export function planById(id: PlanId): Plan {
  return PLANS.find((plan) => plan.id === id)!;
}

const kroner = (amount: number, decimals: number) => amount.toLocaleString("da-DK", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/** "149 kr./md. inkl. moms", or "Gratis". */
export function monthlyPriceText(plan: Plan): string {
  return plan.monthlyPriceKr === 0 ? t("content.pricing.price.free") : t("content.pricing.price.withVat", { amount: kroner(plan.monthlyPriceKr, 0) });
}

/** The price in large type on a plan's card: "0 kr." under the name "Gratis opslag" says it plainer than "Gratis" again. */
export function priceHeadline(plan: Plan): string {
  return plan.monthlyPriceKr === 0 ? t("content.pricing.price.zero") : monthlyPriceText(plan);
}

/** "119,20 kr./md. ekskl. moms": what a business with a VAT number books; null for the free plan. */
export function priceWithoutVatText(plan: Plan): string | null {
  if (plan.monthlyPriceKr === 0) return null;
  return t("content.pricing.price.withoutVat", { amount: kroner(plan.monthlyPriceKr / (1 + VAT_RATE), 2) });
}

/** A cell of the comparison table: yes/no, or a text. */
export type ComparisonValue = boolean | string;

export interface ComparisonRow {
  feature: string;
  value: (plan: Plan) => ComparisonValue;
}

const STATISTICS_TEXT: Record<Plan["limits"]["statistics"], ComparisonValue> = {
  none: false,
  monthly: t("content.pricing.comparison.statisticsMonthly"),
  daily: t("content.pricing.comparison.statisticsDaily"),
};

export const COMPARISON_ROWS: readonly ComparisonRow[] = [
  { feature: t("content.pricing.comparison.price"), value: monthlyPriceText },
  { feature: t("content.pricing.comparison.listing"), value: () => true },
  { feature: t("content.pricing.comparison.marketCount"), value: () => t("content.pricing.comparison.unlimited") },
  { feature: t("content.pricing.comparison.images"), value: (plan) => String(plan.limits.imagesPerMarket) },
  {
    feature: t("content.pricing.comparison.featured"),
    value: (plan) =>
      plan.limits.featuredMarkets === 0
        ? false
        : plan.limits.featuredMarkets === 1
          ? t("content.pricing.comparison.featuredOne")
          : t("content.pricing.comparison.featuredUpTo", { count: plan.limits.featuredMarkets }),
  },
  { feature: t("content.pricing.comparison.statistics"), value: (plan) => STATISTICS_TEXT[plan.limits.statistics] },
  {
    feature: t("content.pricing.comparison.answer"),
    value: (plan) =>
      plan.limits.answerWithinWorkingDays === 1
        ? t("content.pricing.comparison.answerNextDay")
        : t("content.pricing.comparison.answerDays", { count: plan.limits.answerWithinWorkingDays }),
  },
  { feature: t("content.pricing.comparison.binding"), value: () => t("content.pricing.comparison.noBinding") },
];
