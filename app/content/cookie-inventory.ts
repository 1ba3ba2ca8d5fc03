/**
 * Every cookie and browser storage key the site sets, for the table on /cookies. Written next to
 * nothing else on purpose: cookie-inventory.test.ts checks the names against the constants the
 * code uses, so a new cookie that is not listed here fails a test.
 */

export type StorageKind = "cookie" | "sessionStorage";
export type StorageCategory = "necessary" | "preferences" | "analytics";

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
    purpose:
      "Holder dig logget ind, når du har en konto. Indeholder kun en tilfældig nøgle til din session. På en krypteret forbindelse hedder den __Secure-better-auth.session_token.",
    lifetime: "30 dage, forlænges når du bruger siden; slettes når du logger ud",
  },
  {
    name: "better-auth.state",
    kind: "cookie",
    category: "necessary",
    purpose: "Sikrer, at et login med Google vender tilbage til den samme browser, som startede det.",
    lifetime: "5 minutter",
  },
  {
    name: "loppeguiden-flash",
    kind: "cookie",
    category: "necessary",
    purpose: "Bærer en kort besked til den næste side, fx »Tak for din besked«, så den også vises uden JavaScript.",
    lifetime: "60 sekunder; slettes, så snart beskeden er vist",
  },
  {
    name: "loppeguiden-email-change",
    kind: "cookie",
    category: "necessary",
    purpose: "Husker, hvilken ny e-mailadresse du har bedt om at skifte til, mens du bekræfter skiftet.",
    lifetime: "24 timer",
  },
  {
    name: "loppeguiden-theme",
    kind: "cookie",
    category: "preferences",
    purpose: "Husker, om du har valgt lyst eller mørkt udseende. Sættes kun, når du selv vælger.",
    lifetime: "1 år, hvis du har sagt ja til præferencer; ellers til du lukker browseren",
  },
  {
    name: "loppeguiden-session-signed-in",
    kind: "sessionStorage",
    category: "necessary",
    purpose: "Fortæller fanen, at du var logget ind, så den kan opdage, hvis du logger ud i en anden fane.",
    lifetime: "Til fanen lukkes",
  },
  {
    name: "loppeguiden-session-checks",
    kind: "sessionStorage",
    category: "necessary",
    purpose: "De seneste tjek af, om din session stadig gælder (vises på testsiden for login).",
    lifetime: "Til fanen lukkes",
  },
  {
    name: "loppeguiden-consent",
    kind: "cookie",
    category: "necessary",
    purpose: "Husker, at du har taget stilling til cookies, så banneret ikke vises igen. Indeholder kun versionen af cookievalget, fx 1.0.",
    lifetime: "365 dage",
    comesWithConsentBanner: true,
  },
  {
    name: "loppeguiden-consent-details",
    kind: "cookie",
    category: "necessary",
    purpose: "Husker dit valg for hver kategori (præferencer, statistik og markedsføring), og hvornår du valgte. Kan læses af siden selv, så den kan rette sig efter dit valg uden at spørge serveren.",
    lifetime: "365 dage",
    comesWithConsentBanner: true,
  },
  {
    name: "loppeguiden-banner-closed-{id}",
    kind: "cookie",
    category: "necessary",
    purpose: "Husker, at du har lukket en bestemt meddelelse (fx om demodata), så den ikke kommer igen.",
    lifetime: "30 dage",
    comesWithConsentBanner: true,
  },
  {
    name: "_ga",
    kind: "cookie",
    category: "analytics",
    purpose:
      "Google Analytics skelner besøg fra hinanden med et tilfældigt nummer. Sættes kun, hvis Loppeguiden har slået Google Analytics til, og kun når du har sagt ja til statistik; slettes, hvis du siger nej igen.",
    lifetime: "2 år",
  },
  {
    name: "_ga_<måle-id>",
    kind: "cookie",
    category: "analytics",
    purpose: "Google Analytics husker, hvor langt du er i det aktuelle besøg. Samme betingelser som _ga.",
    lifetime: "2 år",
  },
];
