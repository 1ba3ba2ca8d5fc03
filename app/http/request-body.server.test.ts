import { describe, expect, it } from "vitest";
import { FORM_BODY_MAX_BYTES, readForm, readLimitedForm, readLimitedText, requestBodyLimit, UPLOAD_BODY_MAX_BYTES } from "~/http/request-body.server";

function multipart(bytes: number, { declareLength = true } = {}): Request {
  const form = new FormData();
  form.set("intent", "avatar");
  form.set("avatar", new File([new Uint8Array(bytes).fill(1)], "billede.png", { type: "image/png" }));
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  const headers = new Headers(encoded.headers);
  if (!declareLength) headers.delete("content-length");
  // A stream, so the reader cannot learn the size up front.
  return new Request("http://localhost/", { method: "POST", headers, body: encoded.body, duplex: "half" } as RequestInit);
}

describe("reading a form post with a ceiling", () => {
  it("reads a post within the ceiling, files and all", async () => {
    const result = await readLimitedForm(multipart(1000), 10_000);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.form.get("intent")).toBe("avatar");
    expect((result.form.get("avatar") as File).size).toBe(1000);
  });

  it("refuses a post that declares more than the ceiling", async () => {
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "999999" },
      body: "a=1",
    });
    expect(await readLimitedForm(request, 100)).toEqual({ ok: false, reason: "too-large" });
  });

  it("refuses a post that turns out larger than the ceiling while it streams in", async () => {
    expect(await readLimitedForm(multipart(50_000, { declareLength: false }), 10_000)).toEqual({ ok: false, reason: "too-large" });
  });

  it("gives up reading far past the ceiling", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1000));
      },
    });
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    expect(await readLimitedForm(request, 10_000)).toEqual({ ok: false, reason: "too-large" });
    expect(pulled).toBeLessThan(200);
  });

  it("calls a body it cannot parse unreadable", async () => {
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=nope" },
      body: "this is not multipart",
    });
    expect(await readLimitedForm(request, 10_000)).toEqual({ ok: false, reason: "unreadable" });
  });
});

describe("reading a small text body with a ceiling", () => {
  const post = (text: string) => new Request("http://localhost/", { method: "POST", body: new Blob([text]).stream(), duplex: "half" } as RequestInit);

  it("reads a body within the ceiling", async () => {
    expect(await readLimitedText(post("æøå beacon"), 100)).toEqual({ ok: true, text: "æøå beacon" });
  });

  it("refuses a body over the ceiling, declared or not", async () => {
    expect(await readLimitedText(post("x".repeat(101)), 100)).toEqual({ ok: false, reason: "too-large" });
    const declared = new Request("http://localhost/", { method: "POST", body: "x".repeat(200), headers: { "Content-Length": "200" } });
    expect(await readLimitedText(declared, 100)).toEqual({ ok: false, reason: "too-large" });
  });
});

describe("what a form post may be", () => {
  const post = (type: string | null, body: string) => new Request("http://localhost/", { method: "POST", body, headers: type ? { "Content-Type": type } : {} });

  it("refuses anything but a form, before reading it", async () => {
    for (const type of ["application/json", "text/plain", "application/xml", null]) {
      expect(await readLimitedForm(post(type, '{"theme":"dark"}'), 1000), String(type)).toEqual({ ok: false, reason: "wrong-type" });
    }
    expect(await readLimitedForm(post("application/x-www-form-urlencoded; charset=UTF-8", "theme=dark"), 1000)).toMatchObject({ ok: true });
  });

  it("reads an over-long post with a declared length to its end, so the sender hears the answer", async () => {
    let pulled = 0;
    const chunks = 100;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > chunks) controller.close();
        else controller.enqueue(new Uint8Array(1000).fill(97));
      },
    });
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(chunks * 1000) },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(await readLimitedForm(request, 1000)).toEqual({ ok: false, reason: "too-large" });
    expect(pulled).toBe(chunks + 1);
  });

  it("throws a Danish answer with the status that fits", async () => {
    const refused = await readForm(post("application/json", "{"), 1000).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(415);
    expect(await (refused as Response).text()).toMatch(/formularer/);
  });

  it("gives pages that take pictures a larger limit than other posts", () => {
    expect(requestBodyLimit("/dashboard/indstillinger")).toBe(UPLOAD_BODY_MAX_BYTES);
    expect(requestBodyLimit("/dashboard/indstillinger.data")).toBe(UPLOAD_BODY_MAX_BYTES);
    expect(requestBodyLimit("/sign-in")).toBe(FORM_BODY_MAX_BYTES);
  });
});
