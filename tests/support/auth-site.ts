import { accountLifecycle } from "../../app/account/account-lifecycle.server";
import type { AuthSite } from "../../app/auth/auth.server";
import type { Config } from "../../app/lib/config.server";
import type { AppDatabase } from "../../app/lib/db/database.server";
import { createLogger } from "../../app/lib/logger.server";
import { createStorage } from "../../app/lib/storage/index.server";
import { createMailer } from "../../app/mail/mailer.server";

/**
 * What a test's own auth library is made from (authOptions, createAuth), as createSite makes it
 * for a site: these settings and this database, the store the settings name, mail to the outbox
 * of the settings' data folder (or their SMTP_URL), and a logger that keeps quiet.
 */
export function authSiteFor(database: Pick<AppDatabase, "db" | "kind">, settings: Config): AuthSite {
  const logger = createLogger("silent");
  const storage = createStorage(settings);
  return { config: settings, database, storage, logger, mailer: createMailer(settings, logger), lifecycle: accountLifecycle({ config: settings, database, storage, logger }) };
}
