import { describe, expect, it } from "vitest";
import { pageTypeOf } from "./page-type.server";

describe("pageTypeOf", () => {
  it.each([
    ["/", "home"],
    ["/loppemarkeder", "landing"],
    ["/loppemarkeder-i-aarhus", "landing"],
    ["/genbrugsbutikker-paa-fyn", "landing"],
    ["/markeder/kvickly-loppemarked-vejle", "market"],
    ["/register", "register"],
    ["/kalender", "calendar"],
    ["/markeder", "map"],
    ["/markeder/", "map"],
    ["/artikler/saelg-paa-loppemarked", "article"],
    ["/blog/nyt-kort", "article"],
    ["/artikler", "content"],
    ["/faq", "content"],
    ["/cookies", "content"],
    ["/dashboard", "account"],
    ["/dashboard/admin/maalinger", "account"],
    ["/sign-in/email", "account"],
    ["/manage-market/7d7c1a52", "account"],
    ["/community/new", "account"],
    ["/findes-ikke", "other"],
    ["/loppemarked-i-aarhus", "other"],
    ["/markeder/a/b", "other"],
    ["/500", "other"],
  ])("%s is %s", (path, type) => {
    expect(pageTypeOf(path)).toBe(type);
  });
});
