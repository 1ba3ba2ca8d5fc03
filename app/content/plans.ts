/**
 * The plans for organisers (/priser): the one place their names, prices and limits are written.
 * The pricing page, its comparison table, the contact form's plan choice and the structured data
 * all read from here. Buying happens through /kontakt?plan=<id> until payment is built.
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
    name: "Gratis opslag",
    monthlyPriceKr: 0,
    pitch: "For foreninger, skoler og alle, der holder et marked en gang imellem.",
    highlights: [
      "Dit marked med adresse, datoer, åbningstider og kort",
      "Med i kalenderen, registret og siderne for type og område",
      "3 billeder pr. marked",
      "Ret oplysningerne selv, når der er nyt",
    ],
    recommended: false,
    limits: { imagesPerMarket: 3, featuredMarkets: 0, statistics: "none", answerWithinWorkingDays: 5 },
  },
  {
    id: "synlig",
    name: "Synlig",
    monthlyPriceKr: 149,
    pitch: "For det faste marked, der vil ses først af dem, der leder i området.",
    highlights: [
      "Alt fra det gratis opslag",
      "1 marked vises øverst på siderne for sin type og sit område",
      "10 billeder pr. marked",
      "Månedlig statistik over visninger og klik",
    ],
    recommended: true,
    limits: { imagesPerMarket: 10, featuredMarkets: 1, statistics: "monthly", answerWithinWorkingDays: 2 },
  },
  {
    id: "pro",
    name: "Pro",
    monthlyPriceKr: 349,
    pitch: "For arrangører med flere markeder, hyldemarkeder og butikker med mange besøgende.",
    highlights: [
      "Alt fra Synlig",
      "Op til 5 markeder vises øverst på siderne for deres type og område",
      "25 billeder pr. marked",
      "Daglig statistik og eksport til regneark",
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

const kroner = (amount: number, decimals: number) =>
  amount.toLocaleString("da-DK", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/** "149 kr./md. inkl. moms", or "Gratis". */
export function monthlyPriceText(plan: Plan): string {
  return plan.monthlyPriceKr === 0 ? "Gratis" : `${kroner(plan.monthlyPriceKr, 0)} kr./md. inkl. moms`;
}

/** The price in large type on a plan's card: "0 kr." under the name "Gratis opslag" says it plainer than "Gratis" again. */
export function priceHeadline(plan: Plan): string {
  return plan.monthlyPriceKr === 0 ? "0 kr." : monthlyPriceText(plan);
}

/** "119,20 kr./md. ekskl. moms": what a business with a VAT number books; null for the free plan. */
export function priceWithoutVatText(plan: Plan): string | null {
  if (plan.monthlyPriceKr === 0) return null;
  return `${kroner(plan.monthlyPriceKr / (1 + VAT_RATE), 2)} kr./md. ekskl. moms`;
}

/** A cell of the comparison table: yes/no, or a text. */
export type ComparisonValue = boolean | string;

export interface ComparisonRow {
  feature: string;
  value: (plan: Plan) => ComparisonValue;
}

const STATISTICS_TEXT: Record<Plan["limits"]["statistics"], ComparisonValue> = {
  none: false,
  monthly: "Månedlig oversigt",
  daily: "Dagligt og som regneark",
};

export const COMPARISON_ROWS: readonly ComparisonRow[] = [
  { feature: "Pris", value: monthlyPriceText },
  { feature: "Opslag med adresse, åbningstider, kort og kalender", value: () => true },
  { feature: "Antal markeder du kan slå op", value: () => "Ubegrænset" },
  { feature: "Billeder pr. marked", value: (plan) => String(plan.limits.imagesPerMarket) },
  {
    feature: "Vist øverst på siderne for type og område",
    value: (plan) => (plan.limits.featuredMarkets === 0 ? false : plan.limits.featuredMarkets === 1 ? "1 marked" : `Op til ${plan.limits.featuredMarkets} markeder`),
  },
  { feature: "Statistik over visninger og klik", value: (plan) => STATISTICS_TEXT[plan.limits.statistics] },
  {
    feature: "Svar fra os senest",
    value: (plan) => (plan.limits.answerWithinWorkingDays === 1 ? "Næste hverdag" : `${plan.limits.answerWithinWorkingDays} hverdage`),
  },
  { feature: "Binding", value: () => "Ingen" },
];
