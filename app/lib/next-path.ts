/**
 * Where to go after signing in, verifying, signing up or choosing a theme: only a path on this
 * site. Anything else (another host, "//evil.example", a backslash trick, a javascript: URL, a
 * form field that is a file) goes to the front page, so a link cannot make us an open redirect.
 *
 * The check is made on the path we return, after the URL parser has resolved it: "/.//evil.example"
 * and "/%2e//evil.example" look harmless as typed but resolve to "//evil.example", which a browser
 * reads as another host.
 */
export function safeNextPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/")) return "/";
  let resolved: string;
  try {
    const url = new URL(value, "http://loppeguiden.invalid");
    if (url.origin !== "http://loppeguiden.invalid") return "/";
    resolved = `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return "/";
  }
  return isLocalPath(resolved) ? resolved : "/";
}

/** One leading slash and no backslash: a path on this site in every browser. */
function isLocalPath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.includes("\\");
}
