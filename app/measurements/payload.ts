import { z } from "zod";
import { SLOW_RESOURCE_MS, VITAL_NAMES } from "./thresholds";

/**
 * What the browser posts to /api/maalinger. Only the path (turned into a page type on the
 * server, then dropped) and numbers: nothing that could tell one visitor from another. The
 * reporter imports the type alone, so zod stays out of the browser bundle.
 */

/** A beacon holds a few events of a few dozen bytes each; anything larger is not ours. */
export const MEASUREMENT_MAX_BYTES = 4 * 1024;
export const MAX_EVENTS_PER_BEACON = 20;
/** An hour: longer than any real page load or interaction, so larger values are noise. */
const MAX_VALUE = 60 * 60 * 1000;

const measurementEvent = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("page-view") }).strict(),
  z.object({ kind: z.literal("vital"), metric: z.enum(VITAL_NAMES), value: z.number().finite().min(0).max(MAX_VALUE) }).strict(),
  // The resource's address stays in the browser: which file was slow is not needed to see that pages are.
  z.object({ kind: z.literal("slow-resource"), value: z.number().finite().gt(SLOW_RESOURCE_MS).max(MAX_VALUE) }).strict(),
]);

export const measurementPayloadSchema = z
  .object({
    path: z.string().startsWith("/").max(500),
    events: z.array(measurementEvent).min(1).max(MAX_EVENTS_PER_BEACON),
  })
  .strict();

export type MeasurementPayload = z.infer<typeof measurementPayloadSchema>;
export type MeasurementEvent = MeasurementPayload["events"][number];
