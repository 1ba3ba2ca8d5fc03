import { findDraft, type Draft } from "~/organiser/form/drafts.server";
import { readStoredMarket, type StoredMarket } from "~/revisions/revisions.server";
import { isUuid } from "~/lib/uuid";
import type { UrlThing } from "./access.server";

/*
 * The things the guarded URLs name (access.server.ts): each found from the URL's params, with
 * whose it is. A route that names one gives its params' values in tests/integration/access.test.ts.
 */

/** /manage-market/{id} and /dashboard/mine-markeder/edit/{id}: a market, its owner's and the admins'. */
export const managedMarket: UrlThing<StoredMarket> = {
  find: (db, params) => (isUuid(params.id) ? readStoredMarket(db, params.id.toLowerCase()) : Promise.resolve(null)),
  ownerId: (market) => market.ownerId,
};

/** /opret-marked/{draftId}/…: a draft of the market form, which only its owner knows of. */
export const ownDraft: UrlThing<Draft> = {
  find: (db, params) => findDraft(db, params.draftId),
  ownerId: (draft) => draft.ownerId,
  ownerOnly: true,
};

/** /opret-marked/sendt/{id}: the market just sent, as its sender sees it; nobody else knows of it. */
export const sentMarket: UrlThing<StoredMarket> = { ...managedMarket, ownerOnly: true };
