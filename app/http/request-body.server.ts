import { FORM_PROBLEM_STATUS, type LimitedForm } from "~/forms/form-data";
import { readWithin } from "~/lib/bounded-read.server";
import { boundedForm } from "~/lib/form-bounds";
import { plainErrorResponse } from "./plain-error-page.server";

/**
 * Bodies read with a ceiling on their size, in one place. React Router hands actions the raw
 * request, and request.formData() or request.text() would hold whatever a sender sends in
 * memory: here the body is counted as it arrives and nothing past the ceiling is kept.
 *
 * Two ceilings work together. The server refuses a body whose declared length is over the
 * route's limit before any code reads it (requestBodyLimit, server/request-guards.ts), and a body
 * without a declared length at all. An action then reads with the ceiling of its own form and
 * reads the rest of an over-long body to its end, so the sender gets our answer instead of a cut
 * connection (app/lib/bounded-read.server.ts, which also reads a response from elsewhere).
 */

const MiB = 1024 * 1024;

/** What any post may send: a form is a few KB; past this nobody is filling in our forms. */
export const FORM_BODY_MAX_BYTES = 1 * MiB;

/**
 * What a post to a page that takes pictures may send. Above the largest picture the page accepts
 * (it says "too large" at its field up to here), below what would take long to receive.
 */
export const UPLOAD_BODY_MAX_BYTES = 32 * MiB;

/** Pages with a file field. */
const UPLOAD_PATHS = new Set(["/dashboard/indstillinger"]);
/**
 * A market's control panel takes its pictures (/manage-market/{id}), and so does the market form's
 * "Billeder" step: a new market's (/opret-marked/{draftId}/billeder) and an edit's
 * (/dashboard/mine-markeder/edit/{id}?trin=billeder: the query is not part of the path).
 */
const UPLOAD_PATTERNS = [/^\/manage-market\/[^/]+$/, /^\/opret-marked\/[^/]+\/billeder$/, /^\/dashboard\/mine-markeder\/edit\/[^/]+$/];

/** The most a request to this path may send; `/x.data` is the same page posted with JavaScript. */
export function requestBodyLimit(pathname: string): number {
  const page = pathname.replace(/\.data$/, "");
  return UPLOAD_PATHS.has(page) || UPLOAD_PATTERNS.some((pattern) => pattern.test(page)) ? UPLOAD_BODY_MAX_BYTES : FORM_BODY_MAX_BYTES;
}

/** Past this many times the ceiling, a body of unknown length is clearly not a browser with a photo. */
const ABANDON_FACTOR = 10;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * A form post (urlencoded or multipart) of at most `maxBytes`, held to the bounds of
 * app/lib/form-bounds.ts: too many fields is too large, a name no page sends is dropped.
 */
export async function readLimitedForm(request: Request, maxBytes: number): Promise<LimitedForm> {
  if (!FORM_TYPES.includes(mediaType(request))) return { ok: false, reason: "wrong-type" };
  const bytes = await readWithin(request, maxBytes, maxBytes * ABANDON_FACTOR, true);
  if (!bytes) return { ok: false, reason: "too-large" };
  let posted: FormData;
  try {
    posted = await new Response(bytes, { headers: { "Content-Type": request.headers.get("content-type")! } }).formData();
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  const form = boundedForm(posted);
  return form ? { ok: true, form } : { ok: false, reason: "too-large" };
}

/** A small form (a few fields): past this it is not from one of our pages. */
export const SMALL_FORM_MAX_BYTES = 16 * 1024;

/**
 * The posted form, or a thrown answer with a Danish page: 413 too large, 415 not a form, 400 not
 * readable. A page route shows the status screen inside the site; a resource route sends the page.
 */
export async function readForm(request: Request, maxBytes: number = SMALL_FORM_MAX_BYTES): Promise<FormData> {
  const read = await readLimitedForm(request, maxBytes);
  if (!read.ok) throw plainErrorResponse(request, { status: FORM_PROBLEM_STATUS[read.reason] });
  return read.form;
}

export type LimitedText = { ok: true; text: string } | { ok: false; reason: "too-large" };

/** A small text body (a beacon of a few hundred bytes): no browser waits for an answer, so no draining. */
export async function readLimitedText(request: Request, maxBytes: number): Promise<LimitedText> {
  const bytes = await readWithin(request, maxBytes, maxBytes, true);
  return bytes ? { ok: true, text: bytes.toString("utf8") } : { ok: false, reason: "too-large" };
}

export function isMultipart(request: Request): boolean {
  return mediaType(request) === "multipart/form-data";
}
