import type { z } from "zod";
import { enhanceForm } from "~/forms/enhance-form";

/**
 * The schema of each form a page without React checks in the browser, by the name the form carries
 * in data-schema (useSchemaForm's `schemaName`). Each is fetched only when someone starts on its form.
 */
const SCHEMAS: Record<string, () => Promise<z.ZodType>> = {
  "sign-in": () => import("~/auth/auth-forms").then((module) => module.signInSchema),
  "sign-up": () => import("~/auth/auth-forms").then((module) => module.signUpSchema),
  email: () => import("~/auth/auth-forms").then((module) => module.emailSchema),
  "reset-password": () => import("~/auth/auth-forms").then((module) => module.resetPasswordSchema),
  contact: () => import("~/content/contact-form").then((module) => module.contactSchema),
  "forum-reply": () => import("~/forum/forum-forms").then((module) => module.replySchema),
};

/**
 * The forms of a page without React, as useSchemaForm and SubmitButton make them on a page with
 * it (app/forms/enhance-form.ts): a form that names its schema is checked before it is sent, and
 * a button with a pending label says so while its post is on its way. Other forms are left alone.
 */
export function enhanceForms(): void {
  // A page with React checks its forms with Conform's React half (useSchemaForm), on the same engine.
  if ("__reactRouterContext" in window) return;
  for (const form of document.forms) {
    const schema = form.dataset.schema;
    if (schema !== undefined || form.querySelector("button[data-pending-label]")) enhanceForm(form, schema === undefined ? undefined : SCHEMAS[schema]);
  }
}
