import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";

/**
 * A deleted account's name leaves the log (decision 0033): the entries stay, for what was done is
 * the site's record, but the snapshots of the person's name as actor or as target read "Slettet
 * bruger". Their ids stay, pointing at nobody. Run in the deletion's transaction.
 */
export async function forgetPersonInLog(trx: Kysely<Database>, userId: string): Promise<void> {
  const deleted = t("adminLog.deletedPerson");
  await trx.updateTable("admin_log").set({ actor_label: deleted }).where("actor_id", "=", userId).execute();
  await trx.updateTable("admin_log").set({ target_label: deleted }).where("target_type", "=", "user").where("target_id", "=", userId).execute();
}
