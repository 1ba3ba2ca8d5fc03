import type { Generated } from "kysely";

/**
 * The account tables as Kysely sees them. "user", "session", "account" and "verification" belong
 * to the auth library (created by its getMigrations, db/migrations/migrate.server.ts); we read them
 * and never write them except through the library, with one exception: a block deletes the
 * person's session rows, which ends their sessions (decision 0033). profiles is ours (0005_profiles).
 */
export interface AuthTables {
  user: AuthUserTable;
  session: AuthSessionTable;
  account: AuthAccountTable;
  verification: AuthVerificationTable;
  profiles: ProfilesTable;
}

export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  /** 0/1 on SQLite, a boolean on PostgreSQL. */
  emailVerified: number | boolean;
  image: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
}

export interface AuthSessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: string | Date;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
}

export interface AuthAccountTable {
  id: string;
  userId: string;
  accountId: string;
  providerId: string;
  password: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
}

export interface AuthVerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: string | Date;
}

export interface ProfilesTable {
  id: string;
  auth_user_id: string;
  email: string;
  is_admin: Generated<number>;
  role: Generated<string>;
  stripe_customer_id: string | null;
  avatar_url: string | null;
  created_at: string;
  updated_at: string;
  /** When an admin blocked the person (0015); null while they may use the site. */
  blocked_at: string | null;
  blocked_reason: string | null;
  /** When a session was last made for them: their last sign-in. */
  last_signed_in_at: string | null;
  /** The name the forum shows (0017); null: the first name of the account's name. */
  forum_name: string | null;
  /** "demo" for the demo forum's authors, who have no password and cannot sign in. */
  source: Generated<string>;
}
