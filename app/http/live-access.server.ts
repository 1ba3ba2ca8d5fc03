import type { Kysely } from "kysely";
import { userCan } from "~/auth/permissions";
import { permissionHolder, type Viewer } from "~/auth/viewer";
import { findTopic } from "~/forum/reads.server";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import { ADMIN_QUEUES_CHANNEL, FORUM_CHANNEL, personOfChannel, topicOfChannel } from "~/lib/realtime/channels";
import { viewerOfRequest } from "./session.server";

/** A page follows a few channels; more is a mistake or an attack. */
export const MAX_LIVE_CHANNELS = 10;

export type LiveAccess = { allowed: true; viewer: Viewer | null; channels: string[] } | { allowed: false; status: 400 | 403; message: string };

/**
 * Who may follow which channels (decision 0037), asked when a stream opens and again while it
 * runs, so a stream ends when its session ends or its rights change (a block, a topic hidden):
 * - "forum": anyone (new topics on /community);
 * - "topic:{id}": whoever may read the topic now;
 * - "admin:queues": the admins (the front page's queues);
 * - "person:{id}": that person alone (their unread count).
 * An event names what changed, never its content: the page loads that through its own loader.
 */
export async function liveAccess(db: Kysely<Database>, request: Request, asked: readonly string[]): Promise<LiveAccess> {
  const channels = [...new Set(asked)];
  if (channels.length === 0 || channels.length > MAX_LIVE_CHANNELS) return { allowed: false, status: 400, message: t("api.live.channels") };
  const viewer = await viewerOfRequest(request);
  const holder = viewer ? permissionHolder(viewer) : null;
  for (const channel of channels) {
    if (channel === FORUM_CHANNEL) continue;
    if (channel === ADMIN_QUEUES_CHANNEL) {
      if (holder && userCan(holder, "read:dashboard:any")) continue;
      return { allowed: false, status: 403, message: t("api.live.forbidden") };
    }
    const person = personOfChannel(channel);
    if (person !== null) {
      if (viewer?.user.id === person) continue;
      return { allowed: false, status: 403, message: t("api.live.forbidden") };
    }
    const topicId = topicOfChannel(channel);
    if (topicId === null) return { allowed: false, status: 400, message: t("api.live.channels") };
    const reader = viewer && holder ? { id: viewer.user.id, seesEverything: userCan(holder, "hide:post:any") } : null;
    if (!(await findTopic(db, topicId, reader))) return { allowed: false, status: 403, message: t("api.live.forbidden") };
  }
  return { allowed: true, viewer, channels };
}
