import { expect, test } from "vitest";
import { parseSubmission } from "~/forms/parse-form.server";
import { closeBannerSchema, consentFormSchema, themeFormSchema } from "./consent-forms.server";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const valueOf = <T>(submission: { status?: string; value?: T }) => (submission.status === "success" ? submission.value : null);

test("the theme form takes a known theme, a page of this site and the background flag", () => {
  expect(valueOf(parseSubmission(form({ theme: "dark", redirectTo: "/markeder?side=2" }), themeFormSchema))).toEqual({
    theme: "dark",
    redirectTo: "/markeder?side=2",
    background: false,
  });
  expect(valueOf(parseSubmission(form({ theme: "dark", background: "1" }), themeFormSchema))).toEqual({ theme: "dark", redirectTo: "/", background: true });
});

test("the theme form falls back rather than fails: an unknown theme is the default, a foreign address the front page", () => {
  expect(valueOf(parseSubmission(form({ theme: "neon", redirectTo: "//evil.example" }), themeFormSchema))).toEqual({
    theme: "system",
    redirectTo: "/",
    background: false,
  });
});

test("a banner is closed by a well-formed id only", () => {
  expect(valueOf(parseSubmission(form({ id: "demo-data", next: "/features" }), closeBannerSchema))).toEqual({ id: "demo-data", next: "/features", background: false });
  expect(parseSubmission(form({ id: "../../etc", next: "/" }), closeBannerSchema).status).toBe("error");
  expect(parseSubmission(form({ next: "/" }), closeBannerSchema).status).toBe("error");
});

test("the cookie form knows the banner's buttons and the settings form's two extra ones", () => {
  for (const decision of ["accept-all", "reject-all", "save", "customize", "cancel"]) {
    expect(valueOf(parseSubmission(form({ decision, next: "/kalender" }), consentFormSchema))).toEqual({ decision, next: "/kalender" });
  }
  expect(parseSubmission(form({ decision: "accept" }), consentFormSchema).status).toBe("error");
  expect(parseSubmission(form({}), consentFormSchema).status).toBe("error");
});
