import { clientAddressOf } from "~/http/request-context.server";
import { site } from "~/lib/site-context.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { MEASUREMENT_MAX_BYTES, measurementPayloadSchema } from "~/measurements/payload";
import { plainErrorResponse } from "~/http/plain-error-page.server";
import { readLimitedText } from "~/http/request-body.server";
import { recordMeasurements } from "~/measurements/store.server";
import type { Route } from "./+types/maalinger";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * POST /api/maalinger: page views and web vitals from app/measurements/reporter.ts, sent only
 * with analytics consent. The sender's address counts against the rate limit and is not stored;
 * no cookie is read or set.
 */
export function loader() {
  return new Response(null, { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
  const db = site().database.db;
  const verdict = await hitRateLimit(db, `measurements:${clientAddressOf(context)}`, site().config.rateLimits.measurements);
  if (!verdict.allowed) {
    return new Response(null, { status: 429, headers: { ...NO_STORE, "Retry-After": String(verdict.retryAfterSeconds) } });
  }

  const body = await readLimitedText(request, MEASUREMENT_MAX_BYTES);
  if (!body.ok) return plainErrorResponse(request, { status: 413 });
  let json: unknown;
  try {
    json = JSON.parse(body.text);
  } catch {
    return new Response(null, { status: 400, headers: NO_STORE });
  }
  const payload = measurementPayloadSchema.safeParse(json);
  if (!payload.success) return new Response(null, { status: 400, headers: NO_STORE });

  await recordMeasurements(db, payload.data);
  return new Response(null, { status: 204, headers: NO_STORE });
}
