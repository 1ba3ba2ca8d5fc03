import { expect, test } from "vitest";
import { EMAIL_CHANGE_COOKIE } from "~/account/email-change.server";
import { CHECK_LOG_KEY } from "~/auth/session-watch";
import { SIGNED_IN_MARKER } from "~/auth/session-flags";
import { STALE_BUILD_RELOAD_KEY } from "~/errors/client-storage";
import { FLASH_COOKIE } from "~/http/flash.server";
import { THEME_COOKIE } from "~/theme/theme";
import { STORED_ITEMS } from "./cookie-inventory";

const names = STORED_ITEMS.map((item) => item.name);

test("every cookie and storage key the code sets is on /cookies", () => {
  for (const name of [THEME_COOKIE, FLASH_COOKIE, EMAIL_CHANGE_COOKIE]) expect(names, name).toContain(name);
  for (const key of [SIGNED_IN_MARKER, CHECK_LOG_KEY, STALE_BUILD_RELOAD_KEY]) {
    expect(STORED_ITEMS.find((item) => item.name === key)?.kind, key).toBe("sessionStorage");
  }
  expect(names).toContain("better-auth.session_token");
});

test("the consent cookies of product §9 are listed with their lifetimes, marked as coming with the banner", () => {
  const consent = STORED_ITEMS.filter((item) => item.comesWithConsentBanner);
  expect(consent.map((item) => [item.name, item.lifetime])).toEqual([
    ["loppeguiden-consent", "365 dage"],
    ["loppeguiden-consent-details", "365 dage"],
    ["loppeguiden-banner-closed-{id}", "30 dage"],
  ]);
});

test("each entry says what it is for and how long it lives, and no name is listed twice", () => {
  expect(new Set(names).size).toBe(names.length);
  for (const item of STORED_ITEMS) {
    expect(item.purpose.length, item.name).toBeGreaterThan(20);
    expect(item.lifetime, item.name).not.toBe("");
  }
});
