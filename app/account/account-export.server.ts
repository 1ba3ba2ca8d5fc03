import type { Kysely } from "kysely";
import type { Database } from "../lib/db/schema";
import { claimsForExport, type ExportedClaim } from "../claims/claim-account-data.server";
import { feedTokenForExport, savedFeedPath } from "../saved/saved-feed.server";
import { savedForExport } from "../saved/saved-markets.server";
import { forumForExport, type ExportedForum } from "../forum/forum-export.server";

/** Instants as ISO text whichever database they came from (PostgreSQL gives Date objects). */
function instant(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value).toISOString();
}

export interface AccountExport {
  exportedAt: string;
  user: { id: string; name: string; email: string; emailVerified: boolean; image: string | null; createdAt: string | null; updatedAt: string | null };
  profile: {
    id: string;
    email: string;
    isAdmin: boolean;
    role: string;
    stripeCustomerId: string | null;
    avatarUrl: string | null;
    createdAt: string;
    updatedAt: string;
  } | null;
  sessions: { id: string; createdAt: string | null; updatedAt: string | null; expiresAt: string | null; ipAddress: string | null; userAgent: string | null }[];
  /** How the person signs in; never a password hash or a provider's token. */
  accounts: { id: string; providerId: string; accountId: string; createdAt: string | null; updatedAt: string | null }[];
  markets: { id: string; name: string; slug: string; url: string; city: string; postalCode: number; status: string; createdAt: string; updatedAt: string }[];
  /** Markets begun and not sent: the fields as typed. */
  drafts: { id: string; step: string; fields: unknown; createdAt: string; updatedAt: string }[];
  /** The changes the person made to markets (theirs or others'), with what they wrote. */
  revisions: {
    id: string;
    marketId: string;
    marketName: string;
    kind: string;
    state: string;
    changedFields: string[];
    content: unknown;
    reason: string | null;
    createdAt: string;
    decidedAt: string | null;
  }[];
  /** Their claims on markets ("Er det dit marked?"), with the contact details they gave. */
  claims: ExportedClaim[];
  /** The markets they pressed "Gem" on, and the secret of their calendar feed of them. */
  savedMarkets: { marketId: string; name: string; url: string; savedAt: string }[];
  savedMarketsFeed: { token: string; url: string } | null;
  /** Their forum name, posts and reports. */
  forum: ExportedForum;
}

/** Stored JSON as the value it holds; the text itself when it cannot be read, so nothing is left out. */
function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Everything the site keeps about one person, for "Download mine data". Columns are named one by
 * one: a column added later (a token, a secret) stays out until someone decides it belongs here.
 */
export async function assembleAccountExport(db: Kysely<Database>, userId: string, { baseUrl, now = new Date() }: { baseUrl: string; now?: Date }): Promise<AccountExport | null> {
  const user = await db.selectFrom("user").select(["id", "name", "email", "emailVerified", "image", "createdAt", "updatedAt"]).where("id", "=", userId).executeTakeFirst();
  if (!user) return null;
  const [profile, sessions, accounts, markets, drafts, revisions, claims, saved, feedToken, forum] = await Promise.all([
    db
      .selectFrom("profiles")
      .select(["id", "email", "is_admin", "role", "stripe_customer_id", "avatar_url", "created_at", "updated_at"])
      .where("auth_user_id", "=", userId)
      .executeTakeFirst(),
    db.selectFrom("session").select(["id", "createdAt", "updatedAt", "expiresAt", "ipAddress", "userAgent"]).where("userId", "=", userId).orderBy("createdAt").execute(),
    db.selectFrom("account").select(["id", "providerId", "accountId", "createdAt", "updatedAt"]).where("userId", "=", userId).orderBy("createdAt").execute(),
    db.selectFrom("markets").select(["id", "name", "slug", "city", "postal_code", "status", "created_at", "updated_at"]).where("owner_id", "=", userId).orderBy("name").execute(),
    db.selectFrom("market_drafts").select(["id", "step", "fields", "created_at", "updated_at"]).where("owner_id", "=", userId).orderBy("created_at").execute(),
    db
      .selectFrom("market_revisions as r")
      .innerJoin("markets as m", "m.id", "r.market_id")
      .select(["r.id", "r.market_id", "m.name", "r.kind", "r.state", "r.changed_fields", "r.after", "r.reason", "r.created_at", "r.decided_at"])
      .where("r.author_id", "=", userId)
      .orderBy("r.created_at")
      .orderBy("r.id")
      .execute(),
    claimsForExport(db, userId),
    savedForExport(db, userId),
    feedTokenForExport(db, userId),
    forumForExport(db, userId, baseUrl),
  ]);
  return {
    exportedAt: now.toISOString(),
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: Boolean(user.emailVerified),
      image: user.image,
      createdAt: instant(user.createdAt),
      updatedAt: instant(user.updatedAt),
    },
    profile: profile
      ? {
          id: profile.id,
          email: profile.email,
          isAdmin: Number(profile.is_admin) === 1,
          role: profile.role,
          stripeCustomerId: profile.stripe_customer_id,
          avatarUrl: profile.avatar_url,
          createdAt: profile.created_at,
          updatedAt: profile.updated_at,
        }
      : null,
    sessions: sessions.map((session) => ({
      id: session.id,
      createdAt: instant(session.createdAt),
      updatedAt: instant(session.updatedAt),
      expiresAt: instant(session.expiresAt),
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })),
    accounts: accounts.map((account) => ({
      id: account.id,
      providerId: account.providerId,
      accountId: account.accountId,
      createdAt: instant(account.createdAt),
      updatedAt: instant(account.updatedAt),
    })),
    markets: markets.map((market) => ({
      id: market.id,
      name: market.name,
      slug: market.slug,
      url: `${baseUrl}/markeder/${market.slug}`,
      city: market.city,
      postalCode: Number(market.postal_code),
      status: market.status,
      createdAt: market.created_at,
      updatedAt: market.updated_at,
    })),
    drafts: drafts.map((draft) => ({ id: draft.id, step: draft.step, fields: json(draft.fields), createdAt: draft.created_at, updatedAt: draft.updated_at })),
    revisions: revisions.map((revision) => ({
      id: revision.id,
      marketId: revision.market_id,
      marketName: revision.name,
      kind: revision.kind,
      state: revision.state,
      changedFields: json(revision.changed_fields) as string[],
      content: json(revision.after),
      reason: revision.reason,
      createdAt: revision.created_at,
      decidedAt: revision.decided_at,
    })),
    claims,
    savedMarkets: saved.map((market) => ({ marketId: market.marketId, name: market.name, url: `${baseUrl}/markeder/${market.slug}`, savedAt: market.savedAt })),
    savedMarketsFeed: feedToken ? { token: feedToken, url: `${baseUrl}${savedFeedPath(feedToken)}` } : null,
    forum,
  };
}

/** "loppeguiden-data-2025-05-01.json": the date tells one download from the next. */
export function exportFileName(now: Date): string {
  return `loppeguiden-data-${now.toISOString().slice(0, 10)}.json`;
}
