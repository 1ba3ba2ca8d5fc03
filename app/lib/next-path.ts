/**
 * Where to go after signing in, verifying, signing up or choosing a theme: only a path on this
 * site. Anything else (another host, "//evil.example", a backslash trick, a javascript: URL, a
 * form field that is a file) goes to the front page, so a link cannot make us an open redirect.
 */
export function safeNextPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return "/";
  try {
    const url = new URL(value, "http://loppeguiden.invalid");
    if (url.origin !== "http://loppeguiden.invalid") return "/";
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return "/";
  }
}
