import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { isUuid } from "~/lib/uuid";
import type { Database } from "~/lib/db/schema";
import type { MarketDraftsTable } from "../../markets/schema";
import { editStepPath, FIRST_STEP, isStepSlug, type StepSlug } from "./form-steps";
import { lockRow } from "~/lib/db/dialect.server";
import { draftImages, MARKET_ID_FIELD, readDraftFields, textOf, withDraftImages, type DraftFields } from "./draft-fields";

/*
 * Drafts of the market form (table market_drafts): a new market, or an edit of one, as far as the
 * person has come. Every step's post saves its fields here, also when they are wrong, so closing
 * the tab loses nothing; `step` is where they left off. A draft is its owner's alone: the routes
 * read it only through ownDraft, and anyone else's id is simply not found.
 *
 * `fields` is a JSON object of the form's fields as typed (draft-fields.ts); an edit keeps the
 * market's id in it under "_marketId".
 */

export interface Draft {
  id: string;
  ownerId: string;
  step: StepSlug;
  fields: DraftFields;
  /** The market this draft changes; null for a new market. */
  marketId: string | null;
  createdAt: string;
  updatedAt: string;
}

function draftFromRow(row: Selectable<MarketDraftsTable>): Draft {
  const fields = readDraftFields(row.fields);
  const marketId = textOf(fields, MARKET_ID_FIELD);
  return {
    id: row.id,
    ownerId: row.owner_id,
    step: isStepSlug(row.step) ? row.step : FIRST_STEP,
    fields,
    marketId: isUuid(marketId) ? marketId : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function createDraft(
  db: Kysely<Database>,
  ownerId: string,
  { step, fields, marketId = null, now = new Date() }: { step: StepSlug; fields: DraftFields; marketId?: string | null; now?: Date },
): Promise<Draft> {
  const id = randomUUID();
  const stored = withMarketId(fields, marketId);
  const at = now.toISOString();
  await db
    .insertInto("market_drafts")
    .values({ id, owner_id: ownerId, step, fields: JSON.stringify(stored), created_at: at, updated_at: at })
    .execute();
  return { id, ownerId, step, fields: stored, marketId, createdAt: at, updatedAt: at };
}

function withMarketId(fields: DraftFields, marketId: string | null): DraftFields {
  const { [MARKET_ID_FIELD]: _ignored, ...rest } = fields;
  return marketId ? { ...rest, [MARKET_ID_FIELD]: marketId } : rest;
}

/** The draft with this id when it is this person's; null for a malformed id, an unknown one, or someone else's. */
/** The draft of this id, whoever's it is (the guard then tells anyone but its owner it is not found). */
export async function findDraft(db: Kysely<Database>, id: string | undefined): Promise<Draft | null> {
  if (!isUuid(id)) return null;
  const row = await db.selectFrom("market_drafts").selectAll().where("id", "=", id.toLowerCase()).executeTakeFirst();
  return row ? draftFromRow(row) : null;
}

export async function ownDraft(db: Kysely<Database>, id: string | undefined, ownerId: string): Promise<Draft | null> {
  if (!isUuid(id)) return null;
  const row = await db.selectFrom("market_drafts").selectAll().where("id", "=", id.toLowerCase()).where("owner_id", "=", ownerId).executeTakeFirst();
  return row ? draftFromRow(row) : null;
}

/**
 * Saves the fields and the step the person is now at; the market an edit is of stays with it. The
 * pictures are the row's own, as they are when this writes: they change only through their own
 * posts (app/organiser/pictures/), and an upload that landed while this step was posted must not be
 * overwritten by the list the step read before it.
 */
export async function saveDraft(db: Kysely<Database>, draft: Draft, { step, fields, now = new Date() }: { step: StepSlug; fields: DraftFields; now?: Date }): Promise<Draft> {
  const updatedAt = now.toISOString();
  const stored = await db.transaction().execute(async (trx) => {
    if (!(await lockRow(trx, "market_drafts", draft.id))) return withMarketId(fields, draft.marketId);
    const row = await trx.selectFrom("market_drafts").select("fields").where("id", "=", draft.id).executeTakeFirstOrThrow();
    const kept = withMarketId(withDraftImages(fields, draftImages(readDraftFields(row.fields))), draft.marketId);
    await trx
      .updateTable("market_drafts")
      .set({ step, fields: JSON.stringify(kept), updated_at: updatedAt })
      .where("id", "=", draft.id)
      .execute();
    return kept;
  });
  return { ...draft, step, fields: stored, updatedAt };
}

export async function deleteDraft(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("market_drafts").where("id", "=", id).execute();
}

/**
 * Deletes the draft as it is sent, in the sending transaction: true for the one send that deleted
 * it. Of two sends at once, PostgreSQL holds the second at the row until the first commits and
 * then finds nothing; SQLite runs one writing transaction at a time. So the row count decides
 * which send makes the market.
 */
export async function takeDraft(trx: Kysely<Database>, id: string): Promise<boolean> {
  const result = await trx.deleteFrom("market_drafts").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A person's drafts, the last worked on first: new markets and edits (marketId) alike. */
export async function draftsOf(db: Kysely<Database>, ownerId: string): Promise<Draft[]> {
  const rows = await db.selectFrom("market_drafts").selectAll().where("owner_id", "=", ownerId).orderBy("updated_at", "desc").orderBy("id").execute();
  return rows.map(draftFromRow);
}

/** This person's unsent edit of this market, if they have one (the newest, should there be more). */
export async function editDraftOf(db: Kysely<Database>, ownerId: string, marketId: string): Promise<Draft | null> {
  return (await draftsOf(db, ownerId)).find((draft) => draft.marketId === marketId.toLowerCase()) ?? null;
}

/** Where a draft continues: its step of /opret-marked, or of the edit page for an edit. */
export function draftStepPath(draft: Pick<Draft, "id" | "step" | "marketId">, step: StepSlug = draft.step): string {
  return draft.marketId ? editStepPath(draft.marketId, step) : `/opret-marked/${draft.id}/${step}`;
}
