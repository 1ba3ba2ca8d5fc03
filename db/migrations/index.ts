import type { Migration } from "kysely";
import * as platform from "./0001_platform";
import * as markets from "./0002_markets";
import * as marketSearch from "./0003_market_search";
import * as marketSearchTypePlace from "./0004_market_search_type_place";
import * as profiles from "./0005_profiles";
import * as contactMessages from "./0006_contact_messages";
import * as measurements from "./0007_measurements";
import * as marketOpenings from "./0008_market_openings";
import * as marketOpeningsFilters from "./0009_market_openings_filters";
import * as marketViews from "./0010_market_views";
import * as marketSubmissions from "./0011_market_submissions";
import * as claimsPlansImages from "./0012_claims_plans_images";
import * as savedMarkets from "./0013_saved_markets";
import * as oneOpenClaim from "./0014_one_open_claim";
import * as adminLogAndBlocks from "./0015_admin_log_and_blocks";
import * as pageInvalidations from "./0016_page_invalidations";
import * as forum from "./0017_forum";
import * as forumReadingAndSearch from "./0018_forum_reading_and_search";
import * as contactMessageStates from "./0019_contact_message_states";
import * as adminMarketPages from "./0020_admin_market_pages";
import * as liveEvents from "./0021_live_events";

/**
 * Every migration, in order. Listed by hand rather than read from the folder so that the
 * bundled server carries them with it. Add new ones at the end; never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  "0001_platform": platform,
  "0002_markets": markets,
  "0003_market_search": marketSearch,
  "0004_market_search_type_place": marketSearchTypePlace,
  "0005_profiles": profiles,
  "0006_contact_messages": contactMessages,
  "0007_measurements": measurements,
  "0008_market_openings": marketOpenings,
  "0009_market_openings_filters": marketOpeningsFilters,
  "0010_market_views": marketViews,
  "0011_market_submissions": marketSubmissions,
  "0012_claims_plans_images": claimsPlansImages,
  "0013_saved_markets": savedMarkets,
  "0014_one_open_claim": oneOpenClaim,
  "0015_admin_log_and_blocks": adminLogAndBlocks,
  "0016_page_invalidations": pageInvalidations,
  "0017_forum": forum,
  "0018_forum_reading_and_search": forumReadingAndSearch,
  "0019_contact_message_states": contactMessageStates,
  "0020_admin_market_pages": adminMarketPages,
  "0021_live_events": liveEvents,
};
