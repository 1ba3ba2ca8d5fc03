import { t } from "~/lib/i18n";
import { FACILITY_LABELS } from "../markets/facilities";
import { entryFeeText } from "../markets/format";
import { marketTypeInfo } from "../markets/market-types";
import { describeSchedule } from "../markets/schedule/prose";
import { FIELD_LABELS } from "./field-labels";
import { changedFields, SNAPSHOT_FIELDS, type MarketSnapshot, type SnapshotField } from "./snapshot";

/*
 * A market's fields as a reviewer reads them: a Danish label for each, and each value as text
 * ("Hver søndag kl. 10–15", "Gratis entré", "Toiletter, Parkering") rather than the stored form.
 * No server imports: the review pages work the texts out in their loaders, and the organisers'
 * own pages may show the same.
 */

const SETTING_LABELS = { indoor: t("markets.indoor"), outdoor: t("markets.outdoor"), both: t("markets.both") };

/** Coordinates to the metre or so, with a Danish decimal comma. */
const coordinate = new Intl.NumberFormat("da-DK", { maximumFractionDigits: 6 });

function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * One field of a market as Danish text; null when it is not filled in. Schedules are one sentence
 * each, on lines of their own.
 */
export function fieldText(field: SnapshotField, market: MarketSnapshot): string | null {
  switch (field) {
    case "type":
      return marketTypeInfo(market.type).name;
    case "postalCode":
      return String(market.postalCode);
    case "latitude":
    case "longitude": {
      const value = market[field];
      return value === null || value === undefined ? null : coordinate.format(value);
    }
    case "schedules":
      return market.schedules.length ? market.schedules.map((spec) => describeSchedule(spec)).join("\n") : null;
    case "entryFeeDkk":
      return entryFeeText(market.entryFeeDkk ?? null);
    case "stallCount":
      return market.stallCount === null || market.stallCount === undefined ? null : t("market.stallCount", { count: market.stallCount.toLocaleString("da-DK") });
    case "facilities":
      return market.facilities.length ? market.facilities.map((facility) => FACILITY_LABELS[facility] ?? facility).join(", ") : null;
    case "setting":
      return market.setting ? SETTING_LABELS[market.setting] : null;
    case "images":
      // Each picture by its alt text, in order: a reviewer sees what was added, removed or moved.
      return market.images?.length ? market.images.map((image, index) => (index === 0 ? t("marketImages.review.cover", { alt: image.alt }) : image.alt)).join("\n") : null;
    default:
      return text(market[field]);
  }
}

export interface FieldChange {
  field: SnapshotField;
  label: string;
  /** null: not filled in before (or no before: a new market). */
  before: string | null;
  after: string | null;
}

/**
 * What an edit changes, field by field, in the order a person fills the form in. `fields` is the
 * revision's own list when it has one; otherwise the fields that differ. A field whose stored
 * form changed but whose text did not (a schedule's cancellation note) is still listed: the
 * reviewer should know it was touched.
 */
export function fieldChanges(before: MarketSnapshot | null, after: MarketSnapshot, fields: readonly SnapshotField[] = changedFields(before, after)): FieldChange[] {
  const wanted = new Set(fields);
  return SNAPSHOT_FIELDS.filter((field) => wanted.has(field)).map((field) => ({
    field,
    label: FIELD_LABELS[field],
    before: before ? fieldText(field, before) : null,
    after: fieldText(field, after),
  }));
}

/** "Navn, Beskrivelse og Entré": the changed fields in a sentence, for the queue's short summary. */
export function changedFieldsText(fields: readonly SnapshotField[]): string {
  const labels = SNAPSHOT_FIELDS.filter((field) => fields.includes(field)).map((field) => FIELD_LABELS[field]);
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} ${t("admin.review.and")} ${labels.at(-1)}`;
}
