import type { FormConstraint, FormReply } from "~/forms/use-schema-form";
import type { ImageSection } from "../pictures/image-section.server";
import type { MarketPageData } from "../../market-page/market-page.server";
import type { StepSlug } from "./form-steps";
import type { SchedulePreview } from "./schedule-preview";

/*
 * What a step of the market form needs from its loader (step-page.server.ts), for the new market
 * (/opret-marked) and the edit (/dashboard/mine-markeder/edit/{id}) alike.
 */

export type FormMode = "create" | "edit";

export interface MissingItem {
  step: StepSlug;
  message: string;
  /** The step's page, where the message shows at its field. */
  href: string;
}

export interface ReviewData {
  /** The market page as it will look; null while the type, name, postal code or town is missing. */
  preview: MarketPageData | null;
  missing: MissingItem[];
  /** Every step but this one, each opened on its own and returning here once saved. */
  sections: { step: StepSlug; href: string }[];
  /** A published market with the same name and postal code; one without an owner may be the person's to claim. */
  namesake: { name: string; href: string; slug: string; hasOwner: boolean } | null;
  /** Whether sending publishes at once or waits for an admin. */
  publishesAtOnce: boolean;
  /** The page "Se og send" was opened from (a market's control panel): sending returns there, and "Annuller" leads back. */
  returnTo: string | null;
}

export interface StepPageData {
  mode: FormMode;
  step: StepSlug;
  /** null before the first save of a new market. */
  draftId: string | null;
  /** Where the step posts (and where it is). */
  action: string;
  /** The step's fields as typed, as the form's values ({ enkelt: { dato } } for "enkelt.dato"). */
  values: Record<string, unknown>;
  /** The step's fields in the order they show, for the first wrong one to take the focus. */
  fieldNames: string[];
  /** The saved fields checked, when the person was sent back to fix them (?ret=1). */
  reply: FormReply | null;
  constraint: FormConstraint;
  /** An edit: the market's name as it stands. */
  marketName: string | null;
  /** The chosen market type: the dates step asks for opening hours of a shop. */
  marketType: string | null;
  /** "Datoer og tider": the saved schedule's preview, or an edit's stored schedules in words when the fields cannot show them. */
  schedule: { preview: SchedulePreview | null; kept: string | null } | null;
  /** "Sted": the town table and the map's tiles. */
  place: { towns: Record<string, [string, number, number]>; map: { tileUrl: string; attribution: string | null } } | null;
  /** "Billeder": a new market's pictures in its draft, an edit's on the market (as on /manage-market/{id}). */
  images: ImageSection | null;
  /** "Se og send". */
  review: ReviewData | null;
  /** The steps the progress bar links to, by step: those already reached, never the one shown. */
  stepLinks: Partial<Record<StepSlug, string>>;
  /**
   * A step opened on its own (?tilbage=…): the page it returns to once saved. `sends`: an edit
   * returning elsewhere than its "Se og send" is sent as it is saved, live at once or after review
   * (`publishesAtOnce`).
   */
  returnTo: { href: string; sends: boolean; publishesAtOnce: boolean } | null;
}

/** What a post answers when it is not a redirect: a save in the background, or a send that was refused. */
export type StepActionData = FormReply | { saved: true; draftId: string } | { sendError: string };
