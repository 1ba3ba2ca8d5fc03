import type { Kysely } from "kysely";
import { bumpCacheGeneration } from "../lib/cache-generation.server";
import type { Database } from "../lib/db/schema";
import { removeUnreferencedFiles } from "../lib/images/remove-unreferenced.server";
import type { Storage } from "../lib/storage/index.server";
import { privateFolder } from "../lib/storage/private-keys";
import { forgetPersonInLog } from "../admin-log/forget-person.server";
import { forgetForumAuthor } from "../forum/forget-author.server";
import { forgetAnswerAuthor } from "../inbox/answers.server";
import { forgetAuthorPages } from "../forum/forum-pages.server";
import { releaseClaimsOf } from "../claims/claim-account-data.server";
import { indexMarkets } from "../markets/search/index.server";
import { removeAllAvatars } from "./avatar.server";

/** A market the public never saw: its owner's to take along (waiting for review, turned down, a draft). */
const UNSEEN_STATUSES = ["draft", "pending", "rejected"];

/**
 * What deleting an account does besides the auth library removing the user, its sessions and
 * accounts (its profile goes with it: profiles.auth_user_id cascades):
 * - the person's drafts go, and so do their markets the public never saw (with their revisions,
 *   schedules and dates) and their edits that still wait for review;
 * - their published and closed markets stay, unclaimed;
 * - the changes they made stay in the markets' histories, without their name (author_id null);
 * - their claims on markets ("Er det dit marked?") go, with the contact details in them;
 * - their saved markets and the secret of their calendar feed go with the user row (0013 cascades);
 * - the avatar files go, and so do their pictures nobody reviewed (drafts', unseen markets', waiting
 *   edits');
 * - their forum posts and topics stay, with "Slettet bruger" for their name (author_id null), and
 *   their reports stay without who sent them;
 * - the admin log keeps its entries about them and by them, with "Slettet bruger" for their name.
 */
export async function releaseUserData(db: Kysely<Database>, store: Storage, userId: string): Promise<void> {
  // Read before the author ids go: the cached topics that showed their name.
  await forgetAuthorPages(db, userId);
  const unclaimed = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("market_drafts").where("owner_id", "=", userId).execute();
    const unseen = await trx.selectFrom("markets").select("id").where("owner_id", "=", userId).where("status", "in", UNSEEN_STATUSES).execute();
    if (unseen.length) {
      const ids = unseen.map((row) => row.id);
      // Revisions, schedules, occurrences and picture rows cascade. The search index holds none of
      // these markets, but is told anyway, so its counts stay right whatever it held.
      await trx.deleteFrom("markets").where("id", "in", ids).execute();
      await indexMarkets(trx, ids);
    }
    await trx.deleteFrom("market_revisions").where("author_id", "=", userId).where("state", "=", "pending").execute();
    await trx.updateTable("market_revisions").set({ author_id: null }).where("author_id", "=", userId).execute();
    await releaseClaimsOf(trx, userId);
    await forgetPersonInLog(trx, userId);
    await forgetForumAuthor(trx, userId);
    await forgetAnswerAuthor(trx, userId);
    const result = await trx.updateTable("markets").set({ owner_id: null }).where("owner_id", "=", userId).executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
  // A market page may show who runs it: cached copies must not keep the old owner.
  if (unclaimed > 0) await bumpCacheGeneration(db);
  await removeAllAvatars(store, userId);
  // Their pictures nobody reviewed (private/{userId}/): the drafts, markets and waiting edits that
  // showed them went above. One still named elsewhere stays until the image cleanup finds it unnamed.
  const unreviewed = await store.listFiles(`${privateFolder(userId)}/`);
  await removeUnreferencedFiles(
    db,
    store,
    unreviewed.map((file) => file.key),
  );
}
