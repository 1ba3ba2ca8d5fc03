/*
 * Bodies read with a ceiling on their size: a request's (app/http/request-body.server.ts) and a
 * response's from elsewhere (a profile picture), counted as they arrive, nothing past the ceiling kept.
 */

/** A request's or a response's headers and body. */
export interface Message {
  headers: Headers;
  body: ReadableStream<Uint8Array> | null;
}

/**
 * The body's bytes, or null when it is larger than `maxBytes`. A request the server has let
 * through (`lengthGuarded`) has a declared length within its route's limit: it is read to its end,
 * keeping only what fits. Anything else (a response, a test's stream) is read on to `drainUpTo` and
 * then cancelled.
 */
export async function readWithin(message: Message, maxBytes: number, drainUpTo: number, lengthGuarded = false): Promise<Buffer<ArrayBuffer> | null> {
  const declared = Number(message.headers.get("content-length") ?? Number.NaN);
  const knownLength = Number.isFinite(declared) && declared >= 0;
  let tooLarge = knownLength && declared > maxBytes;
  // Only a request's declared length is bounded by us (the server's guard), not a response's.
  const readUpTo = lengthGuarded && knownLength ? Math.max(declared, drainUpTo) : drainUpTo;
  if (tooLarge && readUpTo <= maxBytes) return null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  if (message.body) {
    const reader = message.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) tooLarge = true;
      if (received > readUpTo) {
        await reader.cancel();
        break;
      }
      if (!tooLarge) chunks.push(value);
    }
  }
  return tooLarge ? null : Buffer.concat(chunks);
}

/** A response's bytes, or null past `maxBytes` (the rest is not read). */
export function readLimitedResponse(response: Message, maxBytes: number): Promise<Buffer<ArrayBuffer> | null> {
  return readWithin(response, maxBytes, maxBytes);
}
