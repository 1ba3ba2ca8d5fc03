import { site } from "~/lib/site-context.server";
import { z } from "zod";
import { t } from "~/lib/i18n";
import { todayInDenmark } from "~/lib/dates";
import { parseFilterParams } from "~/filters/filter-query.server";
import { MAX_VIEW_PX, MAX_ZOOM, viewPx } from "~/map/grid";
import { findMapMarkers } from "~/map/markers.server";
import { encodeMapMarkers } from "~/map/wire";
import type { Route } from "./+types/markers";

const number = z
  .string()
  .trim()
  .regex(/^-?\d{1,3}(\.\d{1,12})?$/)
  .transform(Number);
const latitude = number.pipe(z.number().min(-90).max(90));
const longitude = number.pipe(z.number().min(-180).max(180));

const viewSchema = z
  .object({
    s: latitude,
    w: longitude,
    n: latitude,
    e: longitude,
    z: z
      .string()
      .regex(/^\d{1,2}$/)
      .transform(Number)
      .pipe(z.number().int().min(0).max(MAX_ZOOM)),
  })
  .refine((view) => view.s < view.n && view.w < view.e, { path: ["s"] });

/** Parameters of /register that mean nothing on a map; a shared link may still carry them. */
const IGNORED = ["sorter", "lat", "lng", "side"];

function badRequest(message: string): Response {
  return Response.json({ error: message }, { status: 400, headers: { "Cache-Control": "no-store" } });
}

/**
 * GET /api/markers?s=&w=&n=&e=&z= plus the filters of /register: the clusters and markers of a map
 * view (app/map/markers.server.ts) as compact JSON (app/map/wire.ts).
 */
export async function loader({ url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const view = viewSchema.safeParse({
    s: params.get("s") ?? "",
    w: params.get("w") ?? "",
    n: params.get("n") ?? "",
    e: params.get("e") ?? "",
    z: params.get("z") ?? "",
  });
  if (!view.success) {
    const zoomOnly = view.error.issues.every((issue) => issue.path[0] === "z");
    return badRequest(zoomOnly ? t("map.api.badZoom") : t("map.api.badBounds"));
  }
  const bbox = { south: view.data.s, west: view.data.w, north: view.data.n, east: view.data.e };
  const size = viewPx(bbox, view.data.z);
  if (size.width > MAX_VIEW_PX || size.height > MAX_VIEW_PX) return badRequest(t("map.api.tooLarge"));

  const filterParams = new URLSearchParams(params);
  for (const name of [...IGNORED, "s", "w", "n", "e", "z"]) filterParams.delete(name);
  const today = todayInDenmark();
  const { filters, form, errors } = parseFilterParams(filterParams, today);
  const firstError = Object.values(errors)[0];
  if (firstError) return badRequest(firstError);

  const result = await findMapMarkers(site().database.db, filters, { bbox, zoom: view.data.z, today });
  return Response.json(encodeMapMarkers(result), {
    // "Åbent nu" changes by the minute: the browser may keep it briefly, shared caches not at all.
    headers: { "Cache-Control": form.openNow ? "private, max-age=60" : "public, max-age=60" },
  });
}
