import { index, layout, route } from "@react-router/dev/routes";
import { expect, test } from "vitest";
import { informationPagePaths, landingPagePaths, sampleEvenly } from "./seeds";

test("there are 351 distinct landing pages, each type's own page first", () => {
  const paths = landingPagePaths();
  expect(paths).toHaveLength(351);
  expect(new Set(paths).size).toBe(351);
  expect(paths.slice(0, 2)).toEqual(["/loppemarkeder", "/loppemarkeder-i-koebenhavn"]);
  expect(paths).toContain("/antikmarkeder-paa-fyn");
});

test("information pages: the written ones and the content pages, without wildcards or feeds, and every article and post", () => {
  const config = [
    route("robots.txt", "routes/robots.txt.ts"),
    route("blog/rss.xml", "routes/blog/rss.xml.ts"),
    layout("routes/site.tsx", [
      index("routes/index.tsx"),
      route("faq", "routes/faq.tsx", { id: "information:faq" }),
      route("artikler/:slug", "routes/artikler/$slug.tsx", { id: "information:artikler/:slug" }),
      route("sign-in", "routes/sign-in.tsx"),
      route("om-os/*", "routes/om-os.tsx", { id: "information:om-os/*" }),
    ]),
  ];
  const content = { articles: [{ slug: "prissaetning" }], blog: [{ slug: "velkommen" }] };
  expect(informationPagePaths(config, content)).toEqual([
    "/",
    "/register",
    "/kalender",
    "/markeder",
    "/sitemap",
    "/community",
    "/faq",
    "/artikler/prissaetning",
    "/blog/velkommen",
  ]);

  const real = informationPagePaths();
  expect(real).toEqual(expect.arrayContaining(["/faq", "/om-os", "/cookies", "/artikler", "/blog", "/kontakt", "/priser"]));
  expect(real.filter((path) => path.startsWith("/artikler/")).length).toBeGreaterThanOrEqual(8);
  expect(real.filter((path) => path.startsWith("/blog/")).length).toBeGreaterThanOrEqual(3);
  expect(real).not.toContain("/blog/rss.xml");
});

test("sampleEvenly spreads the sample over the whole list and returns short lists whole", () => {
  const numbers = Array.from({ length: 10 }, (_, index) => index);
  expect(sampleEvenly(numbers, 5)).toEqual([0, 2, 4, 6, 8]);
  expect(sampleEvenly(numbers, 3)).toEqual([0, 3, 6]);
  expect(sampleEvenly(numbers, 20)).toEqual(numbers);
});
