import type { z } from "zod";

/**
 * What a zod schema is made of, read from its definition: the one place that knows zod's internal
 * shape, for the few readers that walk a form's schema (its field names, its fields' length limits,
 * which posted names it reads).
 */
export interface SchemaDefinition {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number } } }[];
}

export const definition = (schema: z.ZodType) => (schema as unknown as { _zod: { def: SchemaDefinition } })._zod.def;
