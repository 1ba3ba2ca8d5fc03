import { describe, expect, test } from "vitest";
import { libraryCookies, returnPathFor, withoutCookies } from "~/http/auth-pages.server";
import { withNext } from "~/auth/auth-paths";

const SITE = "https://loppeguiden.dk";
const requestFor = (path: string, referer?: string) => new Request(`${SITE}${path}`, { headers: referer ? { Referer: referer } : {} });

describe("where to go after signing in", () => {
  test("next first, and only a path on this site", () => {
    expect(returnPathFor(requestFor("/sign-in?next=%2Fdashboard%2Findstillinger%3Ffane%3D1"))).toBe("/dashboard/indstillinger?fane=1");
    expect(returnPathFor(requestFor("/sign-in?next=https%3A%2F%2Fevil.example%2F"))).toBe("/");
    expect(returnPathFor(requestFor("/sign-in?next=%2F%2Fevil.example"))).toBe("/");
  });

  test("without next, the page of this site the visitor came from", () => {
    expect(returnPathFor(requestFor("/sign-in", `${SITE}/markeder/loppemarked-i-aarhus?dato=weekend`))).toBe("/markeder/loppemarked-i-aarhus?dato=weekend");
    expect(returnPathFor(requestFor("/sign-in", "https://evil.example/side"))).toBe("/");
    // Never back to an account page: that would go round in a circle.
    expect(returnPathFor(requestFor("/sign-in", `${SITE}/sign-up`))).toBe("/");
    expect(returnPathFor(requestFor("/sign-in", `${SITE}/auth/callback?mode=verify`))).toBe("/");
    expect(returnPathFor(requestFor("/sign-in", "ikke en adresse"))).toBe("/");
    expect(returnPathFor(requestFor("/sign-in"))).toBe("/");
  });

  test("withNext leaves the front page out and keeps a query", () => {
    expect(withNext("/sign-in", "/")).toBe("/sign-in");
    expect(withNext("/sign-in", "/kalender?uge=2")).toBe("/sign-in?next=%2Fkalender%3Fuge%3D2");
    expect(withNext("/sign-up?tjek-email=1", "/kalender")).toBe("/sign-up?tjek-email=1&next=%2Fkalender");
  });
});

describe("passing the library's answer on", () => {
  test("only its cookies go with our redirect, every one of them", () => {
    const answer = new Headers();
    answer.append("Set-Cookie", "better-auth.session_token=abc; Path=/; HttpOnly; SameSite=Lax");
    answer.append("Set-Cookie", "better-auth.state=; Max-Age=0; Path=/");
    answer.set("Location", "https://accounts.google.com/");
    const cookies = libraryCookies(answer);
    expect(cookies.getSetCookie()).toHaveLength(2);
    expect(cookies.get("Location")).toBeNull();
    expect(libraryCookies(null).getSetCookie()).toEqual([]);
  });

  test("a call made without the visitor's cookies keeps the other headers", () => {
    const headers = withoutCookies(new Headers({ Cookie: "better-auth.session_token=abc", "User-Agent": "Firefox" }));
    expect(headers.get("Cookie")).toBeNull();
    expect(headers.get("User-Agent")).toBe("Firefox");
  });
});
