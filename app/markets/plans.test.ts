import { expect, test } from "vitest";
import { COMPARISON_ROWS, PLAN_IDS, PLANS, isPlanId, monthlyPriceText, planById, priceHeadline, priceWithoutVatText } from "~/markets/plans";

test("one free listing and paid plans, each id once, in the order of PLAN_IDS", () => {
  expect(PLANS.map((plan) => plan.id)).toEqual([...PLAN_IDS]);
  expect(PLANS.filter((plan) => plan.monthlyPriceKr === 0)).toHaveLength(1);
  expect(PLANS.filter((plan) => plan.recommended)).toHaveLength(1);
});

test("paid plans feature markets and allow more pictures and statistics than the free one", () => {
  const free = planById("gratis");
  for (const plan of PLANS.filter((candidate) => candidate.monthlyPriceKr > 0)) {
    expect(plan.limits.featuredMarkets, plan.id).toBeGreaterThan(0);
    expect(plan.limits.imagesPerMarket, plan.id).toBeGreaterThan(free.limits.imagesPerMarket);
    expect(plan.limits.statistics, plan.id).not.toBe("none");
  }
});

test("prices are written the Danish way, including VAT, and without it for businesses", () => {
  expect(monthlyPriceText(planById("synlig"))).toBe("149 kr./md. inkl. moms");
  expect(monthlyPriceText(planById("gratis"))).toBe("Gratis");
  expect(priceHeadline(planById("gratis"))).toBe("0 kr.");
  expect(priceHeadline(planById("pro"))).toBe("349 kr./md. inkl. moms");
  expect(priceWithoutVatText(planById("synlig"))).toBe("119,20 kr./md. ekskl. moms");
  expect(priceWithoutVatText(planById("pro"))).toBe("279,20 kr./md. ekskl. moms");
  expect(priceWithoutVatText(planById("gratis"))).toBeNull();
  expect(monthlyPriceText({ ...planById("pro"), monthlyPriceKr: 1490 })).toBe("1.490 kr./md. inkl. moms");
});

test("every row of the comparison has a value for every plan", () => {
  for (const row of COMPARISON_ROWS) {
    for (const plan of PLANS) expect(["string", "boolean"], `${row.feature} / ${plan.id}`).toContain(typeof row.value(plan));
  }
  const featured = COMPARISON_ROWS.find((row) => row.feature.startsWith("Vist øverst"))!;
  expect(PLANS.map((plan) => featured.value(plan))).toEqual([false, "1 marked", "Op til 5 markeder"]);
});

test("isPlanId accepts the plans' ids only", () => {
  expect(isPlanId("synlig")).toBe(true);
  expect(isPlanId("guld")).toBe(false);
  expect(isPlanId(null)).toBe(false);
});
