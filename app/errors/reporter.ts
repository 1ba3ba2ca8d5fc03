import { toast, type ToastVariant } from "~/components/ui/toast-store";
import { t } from "~/lib/i18n";

export type Severity = "critical" | "error" | "warning";

export interface ErrorReport {
  title?: string;
  message?: string;
  severity?: Severity;
  error?: unknown;
}

export const CLIENT_ERROR_ENDPOINT = "/api/client-errors";

export function toastVariantFor(severity: Severity): ToastVariant {
  return severity === "warning" ? "warning" : "destructive";
}

/**
 * The central reporter (product §8): logs to the console, shows a Danish toast and sends the
 * details to the server log. Visitors see Danish text only; raw messages go to the log.
 */
export function reportError(report: ErrorReport): { title: string; message: string; severity: Severity } {
  const severity = report.severity ?? "error";
  const title = report.title ?? t("reporter.defaultTitle");
  const message = report.message ?? t("reporter.unknownMessage");
  console.error(`[${severity}] ${title}: ${message}`, report.error ?? "");
  toast({ title, description: message, variant: toastVariantFor(severity) });
  sendReportToServer({ title, message, severity, error: report.error });
  return { title, message, severity };
}

interface ServerError {
  code: string | number;
  message: string;
}

function isServerError(error: unknown): error is ServerError {
  if (typeof error !== "object" || error === null) return false;
  const candidate = error as Partial<ServerError>;
  return (typeof candidate.code === "string" || typeof candidate.code === "number") && typeof candidate.message === "string";
}

export function describeApiError(error: unknown): { title: string; message: string } {
  if (isServerError(error)) return { title: t("reporter.apiTitle", { code: error.code }), message: error.message };
  return { title: t("reporter.apiFallbackTitle"), message: t("reporter.apiFallbackMessage") };
}

export function describeAuthError(error: unknown): { title: string; message: string } {
  const raw = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  const lower = raw.toLowerCase();
  let message = raw || t("reporter.authDefault");
  if (lower.includes("invalid email")) message = t("reporter.authInvalidEmail");
  else if (lower.includes("password")) message = t("reporter.authInvalidPassword");
  else if (lower.includes("token")) message = t("reporter.authSessionExpired");
  return { title: t("reporter.authTitle"), message };
}

export const reportApiError = (error: unknown) => reportError({ ...describeApiError(error), error });
export const reportAuthError = (error: unknown) => reportError({ ...describeAuthError(error), error });
export const reportFormError = (error?: unknown) => reportError({ title: t("reporter.formTitle"), message: t("reporter.formMessage"), severity: "warning", error });

/** Sends a report to the server log only: for what the visitor need not be told about. */
export function sendReportToServer(report: { title: string; message: string; severity: Severity; error?: unknown }) {
  if (typeof window === "undefined") return;
  const error = report.error instanceof Error ? report.error : null;
  const body = JSON.stringify({
    title: report.title,
    message: report.message,
    severity: report.severity,
    errorMessage: error?.message ?? (typeof report.error === "string" ? report.error : undefined),
    stack: error?.stack?.slice(0, 4000),
    url: window.location.href,
  });
  try {
    const sent = navigator.sendBeacon?.(CLIENT_ERROR_ENDPOINT, new Blob([body], { type: "application/json" }));
    if (!sent) {
      void fetch(CLIENT_ERROR_ENDPOINT, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
        keepalive: true,
      }).catch(() => {});
    }
  } catch {
    // Reporting must never cause another error.
  }
}

let installed = false;

/** Catches what nothing else caught in the browser: uncaught errors and unhandled rejections. */
export function installGlobalErrorHandlers(): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  window.addEventListener("error", (event) => {
    reportError({ title: t("reporter.uncaught"), error: event.error ?? event.message });
  });
  window.addEventListener("unhandledrejection", (event) => {
    reportError({ title: t("reporter.unhandledRejection"), error: event.reason });
  });
}
