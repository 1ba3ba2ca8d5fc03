import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/**
 * The test mailbox: a real SMTP server on 127.0.0.1 that the app sends to (SMTP_URL), filing every
 * mail it accepts as a JSON file in a folder; and the helpers tests use to wait for a mail and
 * follow its link. The server runs in the browser suite's global setup; tests read the folder.
 */

/** Mail to an address whose local part starts with this is refused, so tests can make sending fail. */
export const REFUSED_PREFIX = "afvist";

interface StoredMail {
  seq: number;
  receivedAt: string;
  from: string;
  to: string[];
  raw: string;
}

export interface ReceivedMail {
  seq: number;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface MailCatcher {
  url: string;
  dir: string;
  stop: () => Promise<void>;
}

export async function startMailCatcher(dir: string): Promise<MailCatcher> {
  mkdirSync(dir, { recursive: true });
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on the loopback: nothing to encrypt, and no certificate to make.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().startsWith(REFUSED_PREFIX)) {
        const error = new Error("Mailbox unavailable") as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        seq += 1;
        const mail: StoredMail = {
          seq,
          receivedAt: new Date().toISOString(),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        // Written under another name and renamed, so a reader never sees half a file.
        const name = `${String(seq).padStart(6, "0")}.json`;
        writeFileSync(path.join(dir, `.${name}`), JSON.stringify(mail));
        renameSync(path.join(dir, `.${name}`), path.join(dir, name));
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// --- Reading what arrived -------------------------------------------------------------------

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? "" : raw.slice(end).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const char = soft[i]!;
    if (char === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

/** "=?UTF-8?Q?Bekr=C3=A6ft?=" and "=?UTF-8?B?...?=" words in a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_whole, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

/** The text and HTML parts of a message, however deeply they are nested in multipart containers. */
function collectParts(raw: string, found: { text: string; html: string }): void {
  const { headers, body } = splitHead(raw);
  const contentType = headers.get("content-type") ?? "text/plain";
  const boundary = contentType.match(/boundary="?([^";]+)"?/i)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith("--")) break;
      collectParts(part.replace(/^\r?\n/, ""), found);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get("content-transfer-encoding"));
  if (/^text\/html/i.test(contentType)) found.html ||= decoded;
  else if (/^text\/plain/i.test(contentType)) found.text ||= decoded;
}

export function parseMail(stored: StoredMail): ReceivedMail {
  const { headers } = splitHead(stored.raw);
  const parts = { text: "", html: "" };
  collectParts(stored.raw, parts);
  return { seq: stored.seq, to: stored.to, from: stored.from, subject: decodeHeader(headers.get("subject") ?? ""), ...parts, raw: stored.raw };
}

function readMails(dir: string): ReceivedMail[] {
  return readdirSync(dir)
    .filter((name) => /^\d+\.json$/.test(name))
    .sort()
    .map((name) => parseMail(JSON.parse(readFileSync(path.join(dir, name), "utf8")) as StoredMail));
}

/** Every mail to an address so far, oldest first. */
export function mailsTo(dir: string, address: string): ReceivedMail[] {
  const wanted = address.toLowerCase();
  return readMails(dir).filter((mail) => mail.to.includes(wanted));
}

/**
 * Waits for the newest mail to an address that arrived after `after` (a mail seen before), checking
 * the folder until the deadline: mail goes through a real SMTP conversation, so it lands a moment
 * after the page has answered.
 */
export async function waitForMail(dir: string, address: string, options: { after?: ReceivedMail; timeoutMs?: number } = {}): Promise<ReceivedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const afterSeq = options.after?.seq ?? 0;
  for (;;) {
    const mail = mailsTo(dir, address)
      .filter((candidate) => candidate.seq > afterSeq)
      .at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) {
      throw new Error(`No mail to ${address}${options.after ? ` after mail #${afterSeq}` : ""} within ${options.timeoutMs ?? 10_000} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first link in the mail's text that leads to the given path of the site. */
export function linkIn(mail: ReceivedMail, pathname: string): string {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === pathname) return url.href;
  }
  throw new Error(`No link to ${pathname} in the mail "${mail.subject}":\n${mail.text}`);
}
