import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/** Loaded with a form's schema once the person starts on the form (use-schema-form.ts). */
export function validateWith(schema: z.ZodType) {
  return (formData: FormData) => parseWithZod(formData, { schema });
}
