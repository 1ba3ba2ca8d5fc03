import fc from "fast-check";
import type { PageForm } from "./page-forms";

/**
 * Posts a person could send to a form, built from the form itself: its fields kept, dropped,
 * repeated or given other values, with names and values an attacker would add. A value is text,
 * or raw percent-encoded bytes that are not UTF-8 (a lone surrogate, a stray byte), which no
 * encoder of text would produce.
 */

export type PostedValue = { text: string } | { raw: string };
export type PostedField = [name: string, value: PostedValue];

export interface AdversarialPost {
  /** A JSON body (or text) instead of a form: what a script sends an endpoint. */
  json?: { text: string; type: string };
  fields: PostedField[];
  /**
   * Could a browser without a script have sent it: the form's own fields, each as often as the page
   * has it, typed text (valid UTF-8) in the fields a person can change, a button's own value.
   */
  browserLike: boolean;
  multipart: boolean;
  /** A file in a multipart post: under a field's name, with random bytes or none. */
  files: { name: string; bytes: Uint8Array; filename: string; type: string }[];
}

const text = (value: string): PostedValue => ({ text: value });

/** Values that have broken form handlers elsewhere: sizes, numbers, dates, markup, paths, Unicode. */
const NASTY_TEXT = [
  "",
  " ",
  "a".repeat(100_000),
  "e\u0301".repeat(2_000),
  "Z\u0351\u0352\u0353\u0354".repeat(200),
  "\u202Eevil.exe\u202C",
  "\u05E9\u05DC\u05D5\u05DD \u0645\u0631\u062D\u0628\u0627",
  "\u0000",
  "a\u0000b",
  "\uFEFF",
  "\uFFFF",
  "🙂".repeat(500),
  "-1",
  "0",
  "99999999999999999999999",
  "1e309",
  "-0",
  "NaN",
  "Infinity",
  "0x1F",
  "12,5",
  "2027-02-30",
  "0000-00-00",
  "9999-12-31",
  "1970-01-01",
  "25:61",
  "24:00",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "//ondsindet.example",
  "https://ondsindet.example/",
  "' OR 1=1 --",
  "../../../../etc/passwd",
  "markets/../../avatars/x",
  "00000000-0000-4000-8000-000000000000",
  "true",
  "on",
  "[]",
  "{}",
  '{"__proto__":{"admin":true}}',
  "a\r\nX-Header: y",
  "%00",
].map(text);

/** Bytes that are not UTF-8, percent-encoded as a form would carry them. */
const RAW_BYTES: PostedValue[] = ["%ED%A0%80", "%FF%FE", "%C0%AF", "%", "%zz", "%E2%82"].map((raw) => ({ raw }));

/** The form library's own fields, with the instructions a crafted post could carry. */
const LIBRARY_FIELDS: PostedField[] = [
  ["__state__", text("x")],
  ["__state__", text('{"listKeys":{"datoer":["a"]}}')],
  ["__intent__", text("x")],
  ["__intent__", text(JSON.stringify({ type: "insert", payload: { name: "datoer", index: 100_000_000 } }))],
  ["__intent__", text(JSON.stringify({ type: "update", payload: { name: "x", index: 100_000_000, value: "a" } }))],
  ["__intent__", text(JSON.stringify({ type: "reorder", payload: { name: "datoer", from: 0, to: 100_000_000 } }))],
  ["__intent__", text(JSON.stringify({ type: "validate", payload: { name: "x[100000000]" } }))],
];

function nameArbitrary(realNames: string[]): fc.Arbitrary<string> {
  const real = realNames.length ? fc.constantFrom(...realNames) : fc.constant("navn");
  return fc.oneof(
    { weight: 4, arbitrary: real },
    { weight: 1, arbitrary: real.map((name) => `${name}[100000000]`) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((index) => `x[${index}]`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "x[-1]",
        "x[1e9]",
        "x[]",
        "x[][0]",
        "a.b.c.d.e.f.g.h",
        `x${"[0]".repeat(40)}`,
        "__proto__",
        "constructor.prototype.admin",
        "toString",
        "hasOwnProperty",
        "",
        ".",
        "[",
        "x]",
      ),
    },
    { weight: 1, arbitrary: real.map((name) => `${name}.x.y.z`) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  );
}

function valueArbitrary(realValues: string[]): fc.Arbitrary<PostedValue> {
  return fc.oneof(
    { weight: 3, arbitrary: realValues.length ? fc.constantFrom(...realValues).map(text) : fc.constant(text("")) },
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXT) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BYTES) },
    { weight: 2, arbitrary: fc.string({ maxLength: 60 }).map(text) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 30 }).map(text) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }).map(text) },
  );
}

/** Bodies a script sends an endpoint: any JSON, deep or huge, or text that is not JSON. */
const jsonBodies = fc.record({
  text: fc.oneof(
    { weight: 3, arbitrary: fc.json({ maxDepth: 4 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "{",
        "[".repeat(5_000),
        `{"a":${"[".repeat(2_000)}`,
        '{"__proto__":{"admin":true}}',
        JSON.stringify({ name: "x".repeat(100_000) }),
        "null",
        '"\u0000"',
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  ),
  type: fc.constantFrom("application/json", "text/plain", "application/json; charset=latin1"),
});

/**
 * Posts to this form: what the page would send, bent in every way a person or a script can; to an
 * endpoint (`json`), JSON bodies as well.
 */
export function adversarialPosts(form: PageForm, { json = false } = {}): fc.Arbitrary<AdversarialPost> {
  const posts = formPosts(form);
  return json
    ? fc.oneof(
        posts,
        jsonBodies.map((body): AdversarialPost => ({ json: body, fields: [], browserLike: false, multipart: false, files: [] })),
      )
    : posts;
}

function formPosts(form: PageForm): fc.Arbitrary<AdversarialPost> {
  const realNames = [...new Set([...form.fields.map((field) => field.name), ...form.buttons.map((button) => button.name)])];
  const realValues = [...new Set([...form.fields.map((field) => field.value), ...form.buttons.map((button) => button.value)])].filter((value) => value !== "");
  const name = nameArbitrary(realNames);
  const value = valueArbitrary(realValues);
  const pageFields: PostedField[] = form.fields.filter((field) => !field.file).map((field) => [field.name, text(field.value)]);
  const pressed = form.buttons.length ? fc.option(fc.constantFrom(...form.buttons), { nil: undefined, freq: 5 }) : fc.constant(undefined);
  return fc
    .record({
      kept: fc.subarray(pageFields),
      changes: fc.array(fc.tuple(fc.nat(), value), { maxLength: 4 }),
      pressed,
      extra: fc.array(fc.oneof({ weight: 5, arbitrary: fc.tuple(name, value) }, { weight: 1, arbitrary: fc.constantFrom(...LIBRARY_FIELDS) }), { maxLength: 6 }),
      repeated: fc.oneof({ weight: 19, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constantFrom(600, 5_000) }),
      multipart: form.multipart ? fc.boolean() : fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      files: fc.array(
        fc.record({
          name: form.fields.some((field) => field.file) ? fc.constantFrom(...form.fields.filter((field) => field.file).map((field) => field.name)) : name,
          bytes: fc.uint8Array({ maxLength: 2_000 }),
          filename: fc.oneof(fc.constant("foto.jpg"), fc.string({ maxLength: 30 })),
          type: fc.constantFrom("image/jpeg", "image/png", "image/svg+xml", "application/octet-stream", ""),
        }),
        { maxLength: 2 },
      ),
    })
    .map(({ kept, changes, pressed, extra, repeated, multipart, files }) => {
      const fields = kept.map(([fieldName, fieldValue]): PostedField => [fieldName, fieldValue]);
      let browserLike = extra.length === 0 && repeated === 0 && !(multipart && !form.multipart);
      for (const [at, changed] of changes) {
        if (!fields.length) break;
        const [changedName] = fields[at % fields.length]!;
        if ("raw" in changed || form.fields.some((field) => field.name === changedName && field.hidden)) browserLike = false;
        fields[at % fields.length] = [changedName, changed];
      }
      if (pressed) fields.push([pressed.name, text(pressed.value)]);
      fields.push(...extra);
      const first = fields[0] ?? (["x", text("a")] as PostedField);
      for (let index = 0; index < repeated; index++) fields.push(first);
      return { fields, browserLike, multipart, files: multipart ? files : [] };
    });
}

/** The post as the bytes and content type a client sends. */
export function encodePost(post: AdversarialPost): { body: Buffer; type: string } {
  if (post.json) return { body: Buffer.from(post.json.text), type: post.json.type };
  if (!post.multipart) {
    const pairs = post.fields.map(([name, value]) => `${encodeText(name)}=${"raw" in value ? value.raw : encodeText(value.text)}`);
    return { body: Buffer.from(pairs.join("&")), type: "application/x-www-form-urlencoded" };
  }
  const boundary = "----loppeguiden-fuzz";
  const parts: Buffer[] = [];
  const header = (name: string, extra = "") => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"${extra}\r\n`);
  for (const [name, value] of post.fields) {
    parts.push(header(name), Buffer.from("\r\n"), "raw" in value ? Buffer.from(decodeURIComponentBytes(value.raw)) : Buffer.from(value.text), Buffer.from("\r\n"));
  }
  for (const file of post.files) {
    parts.push(
      header(file.name, `; filename="${quoted(file.filename)}"`),
      Buffer.from(`Content-Type: ${file.type || "application/octet-stream"}\r\n\r\n`),
      Buffer.from(file.bytes),
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** Percent-encoding of text as UTF-8; a lone surrogate becomes U+FFFD, as a browser sends it. */
function encodeText(value: string): string {
  return [...Buffer.from(value, "utf8")]
    .map((byte) => (/[A-Za-z0-9*\-._]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`))
    .join("");
}

function quoted(value: string): string {
  return value.replace(/["\r\n]/g, (character) => encodeURIComponent(character));
}

/** The bytes a raw value stands for ("%zz" and a lone "%" as they are). */
function decodeURIComponentBytes(raw: string): Uint8Array {
  const bytes: number[] = [];
  for (let index = 0; index < raw.length; index++) {
    const hex = raw.slice(index + 1, index + 3);
    if (raw[index] === "%" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else bytes.push(raw.charCodeAt(index) & 0xff);
  }
  return new Uint8Array(bytes);
}
