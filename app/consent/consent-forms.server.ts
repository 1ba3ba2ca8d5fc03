import { z } from "zod";
import { returnPathField } from "~/forms/fields";
import { DEFAULT_THEME, THEMES } from "~/theme/theme";
import { CONSENT_DECISIONS, isBannerId } from "./consent";

/**
 * The schemas of the three small forms in every page's frame: the cookie banner (/samtykke), an
 * information banner's close button (/luk-banner) and the theme switch (/tema). The frame sends
 * them as plain forms (no schema in the browser, so no zod in every page's JavaScript); only these
 * actions parse them.
 */

/** A fetch from the frame's script asks for JSON instead of a redirect. */
const background = z
  .string()
  .optional()
  .transform((value) => value === "1");

export const consentFormSchema = z.object({
  /** The banner's buttons, plus "Tilpas indstillinger" and "Annuller" of the settings form without JavaScript. */
  decision: z.enum([...CONSENT_DECISIONS, "customize", "cancel"]),
  next: returnPathField(),
});

export const closeBannerSchema = z.object({
  id: z.string().refine(isBannerId),
  next: returnPathField(),
  background,
});

export const themeFormSchema = z.object({
  // An unknown theme is the default one, as a cookie with one would be read.
  theme: z.enum(THEMES).catch(DEFAULT_THEME),
  redirectTo: returnPathField(),
  background,
});
