/**
 * What an e-mail verification link is for. The library's verification tokens are signed JWTs that
 * carry the address and, for a change of address, the new one and the step. Reading the payload
 * (without checking the signature: the library checks it when the link is used) lets the mail
 * and the landing page say the right thing.
 */
export type VerificationPurpose =
  /** A new account confirms its address. */
  | { kind: "sign-up"; email: string }
  /** Step 1 of a change: the current address agrees to the change. */
  | { kind: "change-confirmation"; email: string; newEmail: string }
  /** Step 2 of a change: the new address proves it is reachable. */
  | { kind: "change-verification"; email: string; newEmail: string };

export function verificationPurpose(token: string | null | undefined): VerificationPurpose | null {
  const payloadPart = token?.split(".")[1];
  if (!payloadPart) return null;
  let payload: unknown;
  try {
    const binary = atob(payloadPart.replace(/-/g, "+").replace(/_/g, "/"));
    payload = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
  } catch {
    return null;
  }
  if (!payload || typeof payload !== "object") return null;
  const { email, updateTo, requestType } = payload as Record<string, unknown>;
  if (typeof email !== "string") return null;
  if (typeof updateTo !== "string") return { kind: "sign-up", email };
  return requestType === "change-email-confirmation" ? { kind: "change-confirmation", email, newEmail: updateTo } : { kind: "change-verification", email, newEmail: updateTo };
}
