import type { AccountLifecycle } from "~/auth/auth.server";
import { googleProviderOrigin } from "~/auth/google.server";
import type { SiteContext } from "~/lib/site-context.server";
import { releaseUserData } from "./deletion.server";
import { importProfilePicture } from "./profile-picture.server";

/**
 * What the signed-in area does when the auth library makes or removes an account: handed to the
 * library (createAuth) by whoever makes the site, so the library needs nothing from this folder.
 */
export function accountLifecycle({
  config,
  database: { db },
  storage,
  logger,
}: Pick<SiteContext, "config" | "storage" | "logger"> & { database: Pick<SiteContext["database"], "db"> }): AccountLifecycle {
  return {
    beforeDelete: (userId) => releaseUserData(db, storage, userId),
    async importPicture(user) {
      try {
        const outcome = await importProfilePicture(db, storage, user, googleProviderOrigin(config));
        if (outcome !== "imported") logger.info({ userId: user.id, outcome }, "profile picture not imported");
      } catch (error) {
        logger.warn({ err: error, userId: user.id }, "importing the profile picture failed");
      }
    },
  };
}
