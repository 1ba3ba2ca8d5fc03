import type { MarketInput } from "../markets/market-input";
import type { ScheduleSpec } from "../markets/types";

/**
 * A market's content at one moment: what an organiser writes and a revision keeps (before and
 * after). Its status and slug are not content: the review decides the one, the name the other.
 */
export type MarketSnapshot = Omit<MarketInput, "slug" | "status"> & {
  /**
   * The market's pictures in order, the first the cover (app/organiser/pictures/). Absent in a change
   * that does not touch them (the market form's), so approving it leaves the pictures as they are.
   */
  images?: SnapshotImage[];
};

/** One picture as a revision keeps it: enough to write its market_images row again. */
export interface SnapshotImage {
  storageKey: string;
  /** The widths of its WebP files, "{storageKey}-{width}.webp"; null for one file at storageKey. */
  widths: number[] | null;
  width: number;
  height: number;
  alt: string;
}

/** The fields of a snapshot, in the order a person fills them in and the review lists them. */
export const SNAPSHOT_FIELDS = [
  "type",
  "name",
  "description",
  "venueName",
  "street",
  "postalCode",
  "city",
  "municipality",
  "latitude",
  "longitude",
  "schedules",
  "entryFeeDkk",
  "entryFeeText",
  "stallPriceText",
  "stallCount",
  "bookingInfo",
  "facilities",
  "setting",
  "website",
  "email",
  "phone",
  "facebook",
  "images",
] as const satisfies readonly (keyof MarketSnapshot)[];

export type SnapshotField = (typeof SNAPSHOT_FIELDS)[number];

/** A schedule as the database gives it back, so that a form's and a stored one compare equal. */
export function canonicalSchedule(spec: ScheduleSpec): ScheduleSpec {
  return {
    kind: spec.kind,
    startDate: spec.startDate,
    endDate: spec.endDate ?? null,
    rrule: spec.kind === "rule" ? (spec.rrule ?? null) : null,
    startTime: spec.startTime ?? null,
    endTime: spec.endTime ?? null,
    durationDays: spec.durationDays ?? 1,
    openingHours: spec.kind === "opening_hours" ? (spec.openingHours ?? null) : null,
    cancelled: spec.cancelled ?? [],
  };
}

/** The content of a market input, without what is not content. */
export function snapshotOf(input: MarketInput | MarketSnapshot): MarketSnapshot {
  const snapshot = {} as Record<SnapshotField, unknown>;
  for (const field of SNAPSHOT_FIELDS) if (field !== "images") snapshot[field] = input[field];
  const images = "images" in input ? input.images : undefined;
  return { ...(snapshot as MarketSnapshot), schedules: input.schedules.map(canonicalSchedule), ...(images ? { images: images.map(canonicalImage) } : {}) };
}

function canonicalImage(image: SnapshotImage): SnapshotImage {
  return { storageKey: image.storageKey, widths: image.widths ?? null, width: image.width, height: image.height, alt: image.alt };
}

/** As JSON, a list in a fixed order: schedules come back from the database in an order of their own. */
function comparable(value: unknown): string {
  if (Array.isArray(value)) return JSON.stringify(value.map((item) => JSON.stringify(item ?? null)).sort());
  return JSON.stringify(value ?? null);
}

function same(a: unknown, b: unknown): boolean {
  return comparable(a) === comparable(b);
}

/** Pictures are changed only by a change that carries them; their order matters (the first is the cover). */
function imagesChanged(before: MarketSnapshot | null, after: MarketSnapshot): boolean {
  if (after.images === undefined) return false;
  return JSON.stringify(before?.images ?? []) !== JSON.stringify(after.images);
}

/** The fields that differ, in SNAPSHOT_FIELDS order; every field when there is no before (pictures when it has some). */
export function changedFields(before: MarketSnapshot | null, after: MarketSnapshot): SnapshotField[] {
  return SNAPSHOT_FIELDS.filter((field) => (field === "images" ? imagesChanged(before, after) : before === null || !same(before[field], after[field])));
}

/** The snapshot without pictures: a change of the texts leaves the pictures alone. */
export function withoutImages(snapshot: MarketSnapshot): MarketSnapshot {
  const { images: _images, ...rest } = snapshot;
  return rest;
}

/** The snapshot with these pictures, or without any when there are none to carry. */
export function withImages(snapshot: MarketSnapshot, images: MarketSnapshot["images"]): MarketSnapshot {
  return images === undefined ? withoutImages(snapshot) : { ...snapshot, images };
}
