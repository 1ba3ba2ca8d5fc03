import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { subscribeToasts, type ToastMessage } from "~/components/ui/toast-store";
import { describeApiError, describeAuthError, reportError, reportFormError, toastVariantFor } from "./reporter";

describe("central error reporter (product §8, in Danish)", () => {
  let shown: ToastMessage[] = [];
  let unsubscribe: () => void;
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    unsubscribe = subscribeToasts((toasts) => (shown = toasts));
  });
  afterEach(() => {
    unsubscribe();
    vi.restoreAllMocks();
  });

  it("falls back to a Danish title and message", () => {
    const report = reportError({});
    expect(report).toEqual({ title: "Fejl", message: "Der opstod en ukendt fejl", severity: "error" });
    expect(shown[0]).toMatchObject({ title: "Fejl", description: "Der opstod en ukendt fejl", variant: "destructive" });
  });

  it("maps severities to toast variants", () => {
    expect(toastVariantFor("critical")).toBe("destructive");
    expect(toastVariantFor("error")).toBe("destructive");
    expect(toastVariantFor("warning")).toBe("warning");
  });

  it("shows one toast at a time, the newest", () => {
    reportError({ title: "Første" });
    reportError({ title: "Anden" });
    expect(shown.map((toast) => toast.title)).toEqual(["Anden"]);
  });

  it("uses the server's code and message for API errors when it has both", () => {
    expect(describeApiError({ code: 429, message: "For mange forsøg" })).toEqual({
      title: "Fejl 429",
      message: "For mange forsøg",
    });
    expect(describeApiError(new Error("boom"))).toEqual({
      title: "Fejl fra serveren",
      message: "Der opstod en fejl under hentning af data",
    });
  });

  it.each([
    ["Invalid email format", "Ugyldig e-mailadresse"],
    ["Password is wrong", "Forkert adgangskode"],
    ["JWT token expired", "Din session er udløbet. Log venligst ind igen."],
    ["Kontoen er låst", "Kontoen er låst"],
    ["", "Der opstod en fejl ved login"],
  ])("auth error %j becomes %j", (raw, message) => {
    expect(describeAuthError(new Error(raw))).toEqual({ title: "Fejl ved login", message });
  });

  it("reports form errors as warnings", () => {
    expect(reportFormError()).toEqual({
      title: "Fejl i formularen",
      message: "Ret venligst fejlene i formularen.",
      severity: "warning",
    });
    expect(shown[0]?.variant).toBe("warning");
  });
});
