import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, markedScriptHashes, newScriptMark } from "./security-headers.server";

describe("Content-Security-Policy", () => {
  it("allows scripts only from the site and the page's own inline scripts", () => {
    const policy = contentSecurityPolicy({ tileOrigin: "https://tile.openstreetmap.org", scriptHashes: ["sha256-abc"] });
    expect(policy).toContain("script-src 'self' 'sha256-abc'");
    expect(policy).toContain("img-src 'self' data: https://tile.openstreetmap.org");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("lets forms lead only to this site, and to Google when its sign-in is on", () => {
    expect(contentSecurityPolicy({ tileOrigin: "https://tile.example.org" })).toContain("form-action 'self';");
    expect(contentSecurityPolicy({ tileOrigin: "https://tile.example.org", formActionOrigins: ["https://accounts.google.com"] })).toContain(
      "form-action 'self' https://accounts.google.com;",
    );
  });

  it("allows an external tag's hosts only when asked to", () => {
    const plain = contentSecurityPolicy({ tileOrigin: "https://tile.example.org" });
    expect(plain).toContain("connect-src 'self';");
    expect(plain).not.toContain("googletagmanager");
    const withTag = contentSecurityPolicy({
      tileOrigin: "https://tile.example.org",
      scriptHashes: ["sha256-abc"],
      scriptOrigins: ["https://*.googletagmanager.com"],
      connectOrigins: ["https://*.google-analytics.com"],
      imgOrigins: ["https://*.google-analytics.com"],
    });
    expect(withTag).toContain("script-src 'self' https://*.googletagmanager.com 'sha256-abc';");
    expect(withTag).toContain("connect-src 'self' https://*.google-analytics.com;");
    expect(withTag).toContain("img-src 'self' data: https://tile.example.org https://*.google-analytics.com;");
  });

  it("hashes only the inline scripts that carry the render's mark, and takes the mark out", () => {
    const mark = newScriptMark();
    const html = [
      `<script nonce="${mark}">window.a=1</script>`,
      `<script nonce="${mark}" src="/x.js"></script>`,
      `<script type="module" nonce="${mark}">import "/y.js";</script>`,
      "<script>window.injected=1</script>",
      '<script nonce="gættet">window.guessed=1</script>',
      `<script nonce="${mark}"></script>`,
    ].join("");
    const digest = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;
    const marked = markedScriptHashes(html, mark);
    expect(marked.hashes).toEqual([digest("window.a=1"), digest('import "/y.js";')]);
    expect(marked.html).not.toContain(mark);
    expect(marked.html).toContain("<script>window.a=1</script>");
  });

  it("makes a new mark for every render", () => {
    expect(newScriptMark()).not.toBe(newScriptMark());
    expect(newScriptMark()).toMatch(/^[\w-]{24}$/);
  });
});
