/**
 * The seven steps of the market form (/opret-marked and /dashboard/mine-markeder/edit/{id}), in
 * order, by the Danish slug each has in its URL. Without zod or React, so a page, a loader and a
 * test can all ask which step comes next.
 */
export const STEP_SLUGS = ["om-markedet", "sted", "datoer-og-tider", "praktisk", "kontakt", "billeder", "se-og-send"] as const;
export type StepSlug = (typeof STEP_SLUGS)[number];

export const FIRST_STEP: StepSlug = STEP_SLUGS[0];
export const REVIEW_STEP: StepSlug = "se-og-send";
/** The pictures: a new market's kept in its draft, an edit's changed on the market itself (app/organiser/pictures/). */
export const IMAGES_STEP: StepSlug = "billeder";

export function isStepSlug(value: unknown): value is StepSlug {
  return typeof value === "string" && (STEP_SLUGS as readonly string[]).includes(value);
}

/** 0 for the first step. */
export function stepIndex(step: StepSlug): number {
  return STEP_SLUGS.indexOf(step);
}

export function nextStep(step: StepSlug): StepSlug {
  return STEP_SLUGS[Math.min(stepIndex(step) + 1, STEP_SLUGS.length - 1)]!;
}

export function previousStep(step: StepSlug): StepSlug {
  return STEP_SLUGS[Math.max(stepIndex(step) - 1, 0)]!;
}

/** What a step's buttons ask for: go on, go back, only save (the page's JavaScript, when the browser found errors), send. */
export const STEP_INTENTS = ["videre", "tilbage", "gem", "send"] as const;
export type StepIntent = (typeof STEP_INTENTS)[number];

export function stepIntentOf(value: unknown): StepIntent {
  return typeof value === "string" && (STEP_INTENTS as readonly string[]).includes(value) ? (value as StepIntent) : "videre";
}

/** The form's id (Conform's, and the label on the server's reply): one per step, so a reply lands on its own step. */
export function stepFormId(step: StepSlug): string {
  return `marked-${step}`;
}

/** A step of the edit of a stored market. */
export function editStepPath(marketId: string, step: StepSlug): string {
  return `/dashboard/mine-markeder/edit/${marketId}?trin=${step}`;
}

/**
 * The address parameter that opens one step on its own and names the page it returns to once
 * saved: "Se og send", or a market's control panel. Only a path of this site is followed
 * (returnPathOf in step-page.server.ts).
 */
export const RETURN_PARAM = "tilbage";

/** `path` with the page its step returns to; `path` itself without one. */
export function withReturn(path: string, returnTo: string | null): string {
  if (!returnTo) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${RETURN_PARAM}=${encodeURIComponent(returnTo)}`;
}
