/** The record of admin actions (0015_admin_log_and_blocks): written by record.server.ts only, never changed. */
export interface AdminLogTables {
  admin_log: AdminLogTable;
}

export interface AdminLogTable {
  id: string;
  created_at: string;
  /** Who did it; null for the command line. No foreign key: the entry outlives the account. */
  actor_id: string | null;
  /** The actor's name when it was done ("Slettet bruger" once the account is deleted). */
  actor_label: string;
  /** An AdminActionKind (kinds.ts). */
  kind: string;
  /** A TargetType (kinds.ts). */
  target_type: string;
  target_id: string;
  /** The target's name when it was done: the entry reads right after the target is gone. */
  target_label: string;
  reason: string | null;
  /** JSON of what the action changed, where it changes a value (a role, a status). */
  before: string | null;
  after: string | null;
}
