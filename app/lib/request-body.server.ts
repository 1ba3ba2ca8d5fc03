/**
 * Bodies read with a ceiling on their size. React Router hands actions the raw request, and
 * request.formData() or request.text() would hold whatever a sender sends in memory: here the
 * body is counted as it arrives and nothing past the ceiling is kept. The same goes for a
 * response from elsewhere (a profile picture).
 */

/**
 * The body's bytes, or "too large". What goes past the ceiling is read on and thrown away up to
 * `drainUpTo` bytes, so that a browser sees our message rather than a cut connection; past that
 * the stream is cancelled.
 */
async function readWithin(message: Request | Response, maxBytes: number, drainUpTo: number): Promise<Buffer<ArrayBuffer> | null> {
  const declared = Number(message.headers.get("content-length"));
  let tooLarge = Number.isFinite(declared) && declared > maxBytes;
  if (tooLarge && drainUpTo <= maxBytes) return null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (message.body) {
    const reader = message.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) tooLarge = true;
      if (received > drainUpTo) {
        await reader.cancel();
        break;
      }
      if (!tooLarge) chunks.push(value);
    }
  }
  return tooLarge ? null : Buffer.concat(chunks);
}

/** Past this many times the ceiling the sender is clearly not a browser with a photo. */
const ABANDON_FACTOR = 10;

export type LimitedForm = { ok: true; form: FormData } | { ok: false; reason: "too-large" | "unreadable" };

/** A form post (urlencoded or multipart) of at most `maxBytes`. */
export async function readLimitedForm(request: Request, maxBytes: number): Promise<LimitedForm> {
  const bytes = await readWithin(request, maxBytes, maxBytes * ABANDON_FACTOR);
  if (!bytes) return { ok: false, reason: "too-large" };
  try {
    const contentType = request.headers.get("content-type") ?? "";
    const form = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
    return { ok: true, form };
  } catch {
    return { ok: false, reason: "unreadable" };
  }
}

export type LimitedText = { ok: true; text: string } | { ok: false; reason: "too-large" };

/** A small text body (a beacon of a few hundred bytes): no browser waits for an answer, so no draining. */
export async function readLimitedText(request: Request, maxBytes: number): Promise<LimitedText> {
  const bytes = await readWithin(request, maxBytes, maxBytes);
  return bytes ? { ok: true, text: bytes.toString("utf8") } : { ok: false, reason: "too-large" };
}

/** A response's bytes, or null past `maxBytes` (the rest is not read). */
export function readLimitedResponse(response: Response, maxBytes: number): Promise<Buffer<ArrayBuffer> | null> {
  return readWithin(response, maxBytes, maxBytes);
}

export function isMultipart(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/** A text field of a posted form; "" when it is missing or a file. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
