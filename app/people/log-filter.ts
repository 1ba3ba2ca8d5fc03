import { isAdminActionKind, isTargetType, type AdminActionKind, type TargetType } from "~/admin-log/kinds";
import { PAGE_PARAM } from "~/lib/page-number";
import { isUuid } from "~/lib/uuid";
import { ADMIN_LOG_PATH } from "./people-paths";

/**
 * The log page's filter as its query says it: /dashboard/admin/log?handling=user.block&af=<id>&gaelder=user:<id>.
 * "gaelder" is a kind of target ("market") or one target ("market:<id>"). Anything it cannot read is left out.
 */
export interface LogQuery {
  kind?: AdminActionKind;
  actorId?: string;
  target?: { type: TargetType; id?: string };
  page?: number;
}

export const LOG_PARAMS = { kind: "handling", actor: "af", target: "gaelder" } as const;

/** The longest target id the filter takes (a stored file's key is the longest). */
const TARGET_ID_MAX = 500;

export function parseLogQuery(params: URLSearchParams): LogQuery {
  const query: LogQuery = {};
  const kind = params.get(LOG_PARAMS.kind);
  if (isAdminActionKind(kind)) query.kind = kind;
  const actor = params.get(LOG_PARAMS.actor);
  if (actor && isUuid(actor)) query.actorId = actor.toLowerCase();
  const target = params.get(LOG_PARAMS.target) ?? "";
  const split = target.indexOf(":");
  const type = split < 0 ? target : target.slice(0, split);
  const id = split < 0 ? "" : target.slice(split + 1, split + 1 + TARGET_ID_MAX);
  if (isTargetType(type)) query.target = id ? { type, id } : { type };
  return query;
}

export function adminLogPath({ kind, actorId, target, page = 1 }: { kind?: string; actorId?: string; target?: { type: string; id?: string }; page?: number }): string {
  const params = new URLSearchParams();
  if (kind) params.set(LOG_PARAMS.kind, kind);
  if (actorId) params.set(LOG_PARAMS.actor, actorId);
  if (target) params.set(LOG_PARAMS.target, target.id ? `${target.type}:${target.id}` : target.type);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const search = params.toString();
  return search ? `${ADMIN_LOG_PATH}?${search}` : ADMIN_LOG_PATH;
}
