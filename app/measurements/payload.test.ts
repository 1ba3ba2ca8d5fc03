import { describe, expect, it } from "vitest";
import { measurementPayloadSchema } from "./payload";

const parse = (value: unknown) => measurementPayloadSchema.safeParse(value);

describe("the measurement payload", () => {
  it("takes a page view, vitals and a slow resource", () => {
    const result = parse({
      path: "/markeder/loppe-i-vejle",
      events: [{ kind: "page-view" }, { kind: "vital", metric: "LCP", value: 2300.5 }, { kind: "vital", metric: "CLS", value: 0.04 }, { kind: "slow-resource", value: 1450 }],
    });
    expect(result.success).toBe(true);
  });

  it.each([
    ["FID, which is no longer reported", { path: "/", events: [{ kind: "vital", metric: "FID", value: 12 }] }],
    ["a negative value", { path: "/", events: [{ kind: "vital", metric: "LCP", value: -1 }] }],
    ["a value that is not a number", { path: "/", events: [{ kind: "vital", metric: "LCP", value: "fast" }] }],
    ["a resource that was not slow", { path: "/", events: [{ kind: "slow-resource", value: 1000 }] }],
    ["a path that is not a path", { path: "https://example.com/", events: [{ kind: "page-view" }] }],
    ["no events", { path: "/", events: [] }],
    ["too many events", { path: "/", events: Array.from({ length: 21 }, () => ({ kind: "page-view" })) }],
    ["an identifier", { path: "/", userId: "abc", events: [{ kind: "page-view" }] }],
    ["an identifier inside an event", { path: "/", events: [{ kind: "page-view", visitor: "abc" }] }],
    ["an unknown kind", { path: "/", events: [{ kind: "click" }] }],
  ])("refuses %s", (_label, value) => {
    expect(parse(value).success).toBe(false);
  });
});
