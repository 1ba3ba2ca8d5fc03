import type { ConsentCategory } from "~/consent/consent";
import { t } from "~/lib/i18n";

/**
 * Every cookie and browser storage key the site sets, for /cookies: its table and the list under
 * each consent. Written next to nothing else on purpose: cookie-inventory.test.ts checks the names
 * against the constants the code uses, so a new cookie that is not listed here fails a test, and
 * tests/integration/information-pages.test.ts checks that /cookies names these and no others.
 */

export type StorageKind = "cookie" | "sessionStorage";
/** The consent an item needs: none ("necessary"), or one of the banner's categories. */
export type StorageCategory = "necessary" | ConsentCategory;

export interface StoredItem {
  name: string;
  kind: StorageKind;
  category: StorageCategory;
  purpose: string;
  lifetime: string;
  /** Set by the cookie banner and information banners (app/consent/consent.ts). */
  comesWithConsentBanner?: boolean;
}

export const STORED_ITEMS: readonly StoredItem[] = [
  {
    name: "better-auth.session_token",
    kind: "cookie",
    category: "necessary",
    purpose: t("content.cookies.purposes.sessionToken"),
    lifetime: t("content.cookies.lifetimes.session"),
  },
  {
    name: "better-auth.state",
    kind: "cookie",
    category: "necessary",
    purpose: t("content.cookies.purposes.oauthState"),
    lifetime: t("content.cookies.lifetimes.minutes5"),
  },
  {
    name: "loppeguiden-flash",
    kind: "cookie",
    category: "necessary",
    purpose: t("content.cookies.purposes.flash"),
    lifetime: t("content.cookies.lifetimes.flash"),
  },
  {
    name: "loppeguiden-email-change",
    kind: "cookie",
    category: "necessary",
    purpose: t("content.cookies.purposes.emailChange"),
    lifetime: t("content.cookies.lifetimes.hours24"),
  },
  {
    name: "loppeguiden-theme",
    kind: "cookie",
    category: "preferences",
    purpose: t("content.cookies.purposes.theme"),
    lifetime: t("content.cookies.lifetimes.theme"),
  },
  {
    name: "loppeguiden-session-signed-in",
    kind: "sessionStorage",
    category: "necessary",
    purpose: t("content.cookies.purposes.signedIn"),
    lifetime: t("content.cookies.lifetimes.tab"),
  },
  {
    name: "loppeguiden-session-checks",
    kind: "sessionStorage",
    category: "necessary",
    purpose: t("content.cookies.purposes.sessionChecks"),
    lifetime: t("content.cookies.lifetimes.tab"),
  },
  {
    name: "loppeguiden-stale-build-reload",
    kind: "sessionStorage",
    category: "necessary",
    purpose: t("content.cookies.purposes.staleBuildReload"),
    lifetime: t("content.cookies.lifetimes.tab"),
  },
  {
    name: "loppeguiden-consent",
    kind: "cookie",
    category: "necessary",
    purpose: t("content.cookies.purposes.consent"),
    lifetime: t("content.cookies.lifetimes.days365"),
    comesWithConsentBanner: true,
  },
  {
    name: "loppeguiden-consent-details",
    kind: "cookie",
    category: "necessary",
    purpose: t("content.cookies.purposes.consentDetails"),
    lifetime: t("content.cookies.lifetimes.days365"),
    comesWithConsentBanner: true,
  },
  {
    name: "loppeguiden-banner-closed-{id}",
    kind: "cookie",
    category: "necessary",
    purpose: t("content.cookies.purposes.bannerClosed"),
    lifetime: t("content.cookies.lifetimes.days30"),
    comesWithConsentBanner: true,
  },
  {
    name: "_ga",
    kind: "cookie",
    category: "analytics",
    purpose: t("content.cookies.purposes.ga"),
    lifetime: t("content.cookies.lifetimes.years2"),
  },
  {
    name: "_ga_<måle-id>",
    kind: "cookie",
    category: "analytics",
    purpose: t("content.cookies.purposes.gaSession"),
    lifetime: t("content.cookies.lifetimes.years2"),
  },
];

/** The items one consent allows, in the order of the table. */
export function itemsNeeding(category: StorageCategory): StoredItem[] {
  return STORED_ITEMS.filter((item) => item.category === category);
}
