import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A fresh module per test: it remembers per page load whether defaults were set and the tag loaded. */
async function freshSignals() {
  vi.resetModules();
  return import("./consent-signals");
}

/** The dataLayer entries as plain arrays (gtag pushes `arguments` objects). */
function queue(): unknown[][] {
  return (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

let appended: { src: string; async: boolean }[];
let cookieWrites: string[];

beforeEach(() => {
  appended = [];
  cookieWrites = [];
  vi.stubGlobal("window", { location: { hostname: "www.loppeguiden.dk" } });
  vi.stubGlobal("document", {
    createElement: () => ({ src: "", async: false }),
    head: { append: (script: { src: string; async: boolean }) => appended.push(script) },
    get cookie() {
      return "_ga=GA1.1.123; loppeguiden-consent=1.0; _ga_ABC123=GS1.1";
    },
    set cookie(value: string) {
      cookieWrites.push(value);
    },
  });
});

afterEach(() => vi.unstubAllGlobals());

describe("consent signals", () => {
  it("denies everything but security storage before a choice, waiting 500 ms for an update, once per page", async () => {
    const { setDefaultConsent } = await freshSignals();
    setDefaultConsent();
    setDefaultConsent();
    expect(queue()).toEqual([
      [
        "consent",
        "default",
        {
          ad_storage: "denied",
          ad_user_data: "denied",
          ad_personalization: "denied",
          analytics_storage: "denied",
          functionality_storage: "denied",
          personalization_storage: "denied",
          security_storage: "granted",
          wait_for_update: 500,
        },
      ],
    ]);
  });

  it("updates analytics, ad and functionality storage from each choice, after the defaults", async () => {
    const { updateConsent } = await freshSignals();
    updateConsent({ preferences: true, analytics: false, marketing: true });
    const [first, second] = queue();
    expect(first?.[1]).toBe("default");
    expect(second).toEqual([
      "consent",
      "update",
      {
        analytics_storage: "denied",
        ad_storage: "granted",
        ad_user_data: "granted",
        ad_personalization: "granted",
        functionality_storage: "granted",
        personalization_storage: "granted",
      },
    ]);
  });

  it("removes the analytics cookies when statistics is refused, and only those", async () => {
    const { updateConsent } = await freshSignals();
    updateConsent({ preferences: false, analytics: false, marketing: false });
    expect(cookieWrites.some((write) => write.startsWith("_ga=; Path=/; Max-Age=0"))).toBe(true);
    expect(cookieWrites.some((write) => write.startsWith("_ga_ABC123=;"))).toBe(true);
    expect(cookieWrites.some((write) => write.includes("loppeguiden-consent"))).toBe(false);
    cookieWrites = [];
    updateConsent({ preferences: false, analytics: true, marketing: false });
    expect(cookieWrites).toEqual([]);
  });
});

describe("the external analytics tag", () => {
  it("loads only when configured and statistics is allowed", async () => {
    const { shouldLoadAnalyticsTag } = await freshSignals();
    const yes = { preferences: false, analytics: true, marketing: false };
    const no = { preferences: true, analytics: false, marketing: true };
    expect(shouldLoadAnalyticsTag("G-TEST1234", yes)).toBe(true);
    expect(shouldLoadAnalyticsTag("G-TEST1234", no)).toBe(false);
    expect(shouldLoadAnalyticsTag("G-TEST1234", null)).toBe(false);
    expect(shouldLoadAnalyticsTag(null, yes)).toBe(false);
  });

  it("is added once, async, from Google's tag host, with its config queued", async () => {
    const { loadAnalyticsTag } = await freshSignals();
    loadAnalyticsTag("G-TEST1234");
    loadAnalyticsTag("G-TEST1234");
    expect(appended).toEqual([{ src: "https://www.googletagmanager.com/gtag/js?id=G-TEST1234", async: true }]);
    expect(queue().map((entry) => entry[0])).toEqual(["js", "config"]);
    expect(queue()[1]).toEqual(["config", "G-TEST1234"]);
  });
});
