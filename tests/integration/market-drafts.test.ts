import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { rolesOf } from "../../app/auth/roles";
import { DEFAULT_RATE_LIMITS } from "../../app/lib/config.server";
import type { Mail } from "../../app/mail/mailer.server";
import { MARKET_ID_FIELD } from "../../app/organiser/form/draft-fields";
import { createDraft, deleteDraft, draftStepPath, draftsOf, editDraftOf, ownDraft, saveDraft } from "../../app/organiser/form/drafts.server";
import { publishedNamesake } from "../../app/organiser/form/duplicates.server";
import { pendingRevisionOf, readStoredMarket } from "../../app/revisions/revisions.server";
import { sendEdit, sendNewMarket } from "../../app/organiser/form/send-draft.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { createTestMarket } from "../support/factories";

/**
 * The market form's drafts and its send (app/organiser/form/drafts.server.ts and
 * send-draft.server.ts) on the project's database: saved as typed, resumed at their step, their
 * owner's alone, and sent as a market that waits for review or is published at once.
 */

const HANNE = { id: "bruger-hanne", roles: rolesOf({ isAdmin: false, role: "visitor" }) };
const OLE = { id: "bruger-ole", roles: rolesOf({ isAdmin: false, role: "visitor" }) };
const ADMIN = { id: "bruger-admin", roles: rolesOf({ isAdmin: true, role: "visitor" }) };
const BASE_URL = "https://loppeguiden.test";

/** Every step filled in, as a person types it. */
const COMPLETE = {
  type: "flea_market",
  name: "Loppemarked på Torvet",
  description: "Stort marked.",
  street: "Torvet 1",
  postalCode: "8000",
  city: "Aarhus C",
  tidsplan: "dato",
  "enkelt.dato": "2027-05-02",
  "enkelt.aabner": "10:00",
  "enkelt.lukker": "15:00",
  entry: "gratis",
};

describe(`drafts and sending on ${inject("testDatabase").kind}`, () => {
  let database: TestDatabase;
  const mails: Mail[] = [];
  const send = async (mail: Mail) => void mails.push(mail);
  const logger = pino({ level: "silent" });
  const sender = (holder: typeof HANNE, email = `${holder.id}@eksempel.dk`) => ({ holder, name: "Hanne Jensen", email });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("saves a draft as typed, wrong values and all, and resumes it at its step", async () => {
    const draft = await createDraft(database.db, HANNE.id, { step: "om-markedet", fields: { name: "Lo", facilities: ["food", "dogs"] } });
    const saved = await saveDraft(database.db, draft, { step: "datoer-og-tider", fields: { ...draft.fields, postalCode: "80", city: "Aarhus C" } });
    const read = await ownDraft(database.db, draft.id, HANNE.id);
    expect(read).toMatchObject({ id: draft.id, step: "datoer-og-tider", marketId: null, fields: { name: "Lo", facilities: ["food", "dogs"], postalCode: "80", city: "Aarhus C" } });
    expect(read!.updatedAt).toBe(saved.updatedAt);
    expect(draftStepPath(read!)).toBe(`/opret-marked/${draft.id}/datoer-og-tider`);
  });

  it("is its owner's alone: another person, a malformed id and an unknown one find nothing", async () => {
    const draft = await createDraft(database.db, HANNE.id, { step: "sted", fields: { name: "Hannes marked" } });
    expect(await ownDraft(database.db, draft.id, OLE.id)).toBeNull();
    expect(await ownDraft(database.db, draft.id.toUpperCase(), HANNE.id)).not.toBeNull();
    expect(await ownDraft(database.db, "ikke-et-id", HANNE.id)).toBeNull();
    expect(await ownDraft(database.db, "00000000-0000-4000-8000-000000000000", HANNE.id)).toBeNull();
    expect((await draftsOf(database.db, OLE.id)).map((one) => one.id)).not.toContain(draft.id);
  });

  it("keeps an edit's market in the draft, found again by the market, and resumed on the edit page", async () => {
    const market = await createTestMarket(database, { name: "Hannes Kræmmermarked" }, { owner: HANNE.id });
    const draft = await createDraft(database.db, HANNE.id, { step: "praktisk", fields: { name: "Nyt navn", [MARKET_ID_FIELD]: "skal-ikke-bruges" }, marketId: market.id });
    expect(draft.fields[MARKET_ID_FIELD]).toBe(market.id);
    // A post cannot move the draft to another market: saving keeps the one it was made for.
    const saved = await saveDraft(database.db, draft, { step: "kontakt", fields: { name: "Nyt navn", [MARKET_ID_FIELD]: "00000000-0000-4000-8000-000000000000" } });
    expect(saved.marketId).toBe(market.id);
    const found = await editDraftOf(database.db, HANNE.id, market.id);
    expect(found).toMatchObject({ id: draft.id, marketId: market.id, step: "kontakt" });
    expect(await editDraftOf(database.db, OLE.id, market.id)).toBeNull();
    expect(draftStepPath(found!)).toBe(`/dashboard/mine-markeder/edit/${market.id}?trin=kontakt`);
    await deleteDraft(database.db, draft.id);
    expect(await ownDraft(database.db, draft.id, HANNE.id)).toBeNull();
  });

  it("sends a complete draft as a market waiting for review, deletes the draft and mails a confirmation", async () => {
    const draft = await createDraft(database.db, HANNE.id, { step: "se-og-send", fields: COMPLETE });
    const outcome = await sendNewMarket(database.db, sender(HANNE, "hanne@eksempel.dk"), draft, { baseUrl: BASE_URL, send, logger, rule: DEFAULT_RATE_LIMITS.marketSubmissions });
    expect(outcome).toMatchObject({ kind: "submitted", status: "pending" });
    if (outcome.kind !== "submitted") return;
    const stored = await readStoredMarket(database.db, outcome.id);
    expect(stored).toMatchObject({ name: "Loppemarked på Torvet", status: "pending", ownerId: HANNE.id });
    expect(stored!.snapshot).toMatchObject({ postalCode: 8000, entryFeeDkk: 0, schedules: [expect.objectContaining({ kind: "dates", startDate: "2027-05-02" })] });
    expect((await pendingRevisionOf(database.db, outcome.id))?.kind).toBe("submission");
    expect(await ownDraft(database.db, draft.id, HANNE.id)).toBeNull();
    const mail = mails.at(-1)!;
    expect(mail.to).toBe("hanne@eksempel.dk");
    expect(mail.subject).toBe("Vi har modtaget Loppemarked på Torvet");
    expect(mail.text).toContain("inden for 2 hverdage");
    expect(mail.html).toContain(`${BASE_URL}/dashboard/mine-markeder`);
  });

  it("publishes an admin's market at once, and the mail links to its page", async () => {
    const draft = await createDraft(database.db, ADMIN.id, { step: "se-og-send", fields: { ...COMPLETE, name: "Antikmarked i Hasle" } });
    const outcome = await sendNewMarket(database.db, sender(ADMIN), draft, { baseUrl: BASE_URL, send, logger, rule: DEFAULT_RATE_LIMITS.marketSubmissions });
    expect(outcome).toMatchObject({ kind: "submitted", status: "published" });
    if (outcome.kind !== "submitted") return;
    expect(mails.at(-1)!.text).toContain(`${BASE_URL}/markeder/${outcome.slug}`);
  });

  it("does not send a draft with something missing: it names the first step to fix and keeps the draft", async () => {
    const draft = await createDraft(database.db, HANNE.id, { step: "se-og-send", fields: { ...COMPLETE, postalCode: "" } });
    const before = mails.length;
    expect(await sendNewMarket(database.db, sender(HANNE), draft, { baseUrl: BASE_URL, send, logger, rule: DEFAULT_RATE_LIMITS.marketSubmissions })).toEqual({
      kind: "incomplete",
      step: "sted",
    });
    expect(await ownDraft(database.db, draft.id, HANNE.id)).not.toBeNull();
    expect(mails).toHaveLength(before);
  });

  it("sends at most the daily limit, per person, and keeps the draft that was refused", async () => {
    const rule = { limit: 2, windowSeconds: 24 * 60 * 60 };
    const person = { id: "bruger-travl", roles: HANNE.roles };
    const outcomes = [];
    for (const name of ["Marked et", "Marked to", "Marked tre"]) {
      const draft = await createDraft(database.db, person.id, { step: "se-og-send", fields: { ...COMPLETE, name } });
      outcomes.push(await sendNewMarket(database.db, sender(person), draft, { baseUrl: BASE_URL, send, logger, rule }));
    }
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(["submitted", "submitted", "limited"]);
    expect(outcomes[2]).toMatchObject({ limit: 2, retryAfterSeconds: expect.any(Number) });
    expect(await draftsOf(database.db, person.id)).toHaveLength(1);
    // Someone else is not held back by it.
    const other = await createDraft(database.db, "bruger-rolig", { step: "se-og-send", fields: { ...COMPLETE, name: "Rolig marked" } });
    expect((await sendNewMarket(database.db, sender({ id: "bruger-rolig", roles: HANNE.roles }), other, { baseUrl: BASE_URL, send, logger, rule })).kind).toBe("submitted");
  });

  it("sends an edit through editMarket and deletes its draft", async () => {
    const market = await createTestMarket(database, { name: "Loppemarked i Risskov" }, { owner: HANNE.id });
    const stored = (await readStoredMarket(database.db, market.id))!;
    const draft = await createDraft(database.db, HANNE.id, { step: "se-og-send", fields: { ...COMPLETE, name: "Loppemarked i Risskov Strand" }, marketId: market.id });
    const outcome = await sendEdit(database.db, HANNE, stored, draft, draft.fields);
    // An ordinary account's edit of a published market waits for review; the market is unchanged until then.
    expect(outcome).toMatchObject({ kind: "edited", result: { outcome: "pending" } });
    expect((await readStoredMarket(database.db, market.id))!.name).toBe("Loppemarked i Risskov");
    expect((await pendingRevisionOf(database.db, market.id))?.after.name).toBe("Loppemarked i Risskov Strand");
    expect(await ownDraft(database.db, draft.id, HANNE.id)).toBeNull();
  });

  it("finds a published namesake by name in any case and postal code, but not the market itself", async () => {
    const market = await createTestMarket(database, { name: "Æblemarkedet i Aarhus", postalCode: "8000" });
    expect(await publishedNamesake(database.db, { name: "  æblemarkedet  I aarhus", postalCode: 8000 })).toEqual({
      name: "Æblemarkedet i Aarhus",
      slug: market.slug,
      hasOwner: false,
    });
    expect(await publishedNamesake(database.db, { name: "Æblemarkedet i Aarhus", postalCode: 8200 })).toBeNull();
    expect(await publishedNamesake(database.db, { name: "Æblemarkedet i Aarhus", postalCode: 8000 }, market.id)).toBeNull();
  });
});
