import type { Migration } from "kysely";
import * as platform from "./0001_platform";
import * as markets from "./0002_markets";

/**
 * Every migration, in order. Listed by hand rather than read from the folder so that the
 * bundled server carries them with it. Add new ones at the end; never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  "0001_platform": platform,
  "0002_markets": markets,
};
