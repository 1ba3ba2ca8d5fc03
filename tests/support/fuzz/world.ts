import { STEP_SLUGS, type StepSlug } from "../../../app/organiser/form/form-steps";
import { createTestMarket, startSession, type TestMarket } from "../factories";
import { draftIdIn, draftToPictures, MARKET_STEPS, photo, pictureUpload } from "../market-form";
import type { Client, Site } from "../site";

/**
 * The people and the data the fuzzing of every form needs, made through the site's own forms where
 * a person would make them: an owner with a published market (with a picture), a draft and a
 * market waiting for review; another account with a claim on a market nobody owns; an admin; and
 * a visitor. Every form the pages show them is then sent by each of the four.
 */

export type PersonLabel = "visitor" | "owner" | "other" | "admin";

export interface Person {
  label: PersonLabel;
  client: Client;
  /** Gets a new session when something the fuzz sent ended the session (signing out). */
  ensureSignedIn(): Promise<void>;
  email: string | null;
}

export interface FuzzWorld {
  people: Person[];
  market: TestMarket;
  unowned: TestMarket;
  /** Where the crawl starts, for each person: the pages they are shown forms on. */
  seeds: Record<PersonLabel, string[]>;
}

const EDIT_STEPS_OF_THEIR_OWN: StepSlug[] = ["om-markedet", "datoer-og-tider", "billeder", "se-og-send"];

async function person(site: Site, label: PersonLabel, options: { admin?: boolean; name: string } | null): Promise<Person> {
  if (!options) return { label, client: site.client(), email: null, ensureSignedIn: async () => undefined };
  const { account, client } = await site.signedIn(options);
  return {
    label,
    client,
    email: account.email,
    async ensureSignedIn() {
      if (client.session) return;
      client.cookies.clear();
      for (const cookie of await startSession(site, account.id)) client.cookies.set(cookie.name, cookie.value);
    },
  };
}

async function expectStatus(answer: Promise<{ status: number; path: string; text: string }>, statuses: number[]) {
  const { status, path, text } = await answer;
  if (!statuses.includes(status)) throw new Error(`Making the fuzz world: ${path} answered ${status}\n${text.slice(0, 300)}`);
}

export async function makeWorld(site: Site): Promise<FuzzWorld> {
  const [visitor, owner, other, admin] = [
    await person(site, "visitor", null),
    await person(site, "owner", { name: "Ejer Olsen" }),
    await person(site, "other", { name: "Anden Hansen" }),
    await person(site, "admin", { name: "Admin Berg", admin: true }),
  ];
  const ownerId = (await site.database.db.selectFrom("user").select("id").where("email", "=", owner.email!).executeTakeFirstOrThrow()).id;
  const market = await createTestMarket(site.database, { name: "Loppemarked i Byparken" }, { owner: ownerId });
  const unowned = await createTestMarket(site.database, { name: "Loppemarked ved Åen" });

  await expectStatus(owner.client.post(`/manage-market/${market.id}`, pictureUpload(await photo(90), "Boder på pladsen")), [303]);

  // A draft left at its first step, and a market sent for review.
  const draft = draftIdIn((await owner.client.post("/opret-marked", { intent: "videre", name: "Loppemarked i Kladden", ...MARKET_STEPS["om-markedet"] })).location);
  if (!draft) throw new Error("Making the fuzz world: the market form made no draft");
  const sent = await draftToPictures(owner.client, "Loppemarked på Havnen");
  await expectStatus(owner.client.post(`/opret-marked/${sent}/billeder`, { intent: "videre" }), [303]);
  await expectStatus(owner.client.post(`/opret-marked/${sent}/se-og-send`, { intent: "send" }), [303]);

  await expectStatus(
    other.client.post(`/markeder/${unowned.slug}/ejerskab`, { intent: "claim", relation: "arrangoer", contact: "12 34 56 78", message: "Jeg er formand." }),
    [303],
  );
  await other.client.post(`/gem/${market.id}`, { intent: "gem" });

  return {
    people: [visitor, owner, other, admin],
    market,
    unowned,
    seeds: {
      // The pages for those not signed in, and a market page with its Gem.
      visitor: ["/", "/kontakt", "/sign-in", "/sign-up", "/forgot-password", "/reset-password?token=ugyldig", `/markeder/${market.slug}`],
      // The dashboard and everything of the owner's: their market's panel, each step of the market
      // form, and a claim on a market nobody owns. An edit posts its steps to the same step action
      // as a new market: its first step, its schedule (which may keep the stored one), its pictures
      // (the market's own) and its sending are the ones that differ.
      owner: [
        "/",
        "/dashboard",
        `/markeder/${unowned.slug}/ejerskab`,
        `/manage-market/${market.id}`,
        ...STEP_SLUGS.map((step) => `/opret-marked/${draft}/${step}`),
        ...EDIT_STEPS_OF_THEIR_OWN.map((step) => `/dashboard/mine-markeder/edit/${market.id}?trin=${step}`),
      ],
      // The dashboard, which leads to the admin's pages, and what an admin sees of an owner's market.
      admin: ["/dashboard", `/manage-market/${market.id}`, `/dashboard/mine-markeder/edit/${market.id}?trin=om-markedet`],
      // Another account is shown the owner's pages' forms without their data: nothing of its own.
      other: [],
    },
  };
}
