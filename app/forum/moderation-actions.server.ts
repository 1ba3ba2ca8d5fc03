import type { Kysely } from "kysely";
import { parseSubmission, type AnySubmission } from "~/forms/parse-form.server";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import type { Toast } from "~/lib/toast";
import { moderationSchema, REASON_REQUIRED } from "./forum-forms";
import { moderatePost, moderateTopic, POST_ACTIONS, TOPIC_ACTIONS, type ModerationOutcome, type PostAction, type TopicAction } from "./moderation.server";
import type { MailOptions } from "./moderation-mail.server";

/*
 * An admin's post from a forum post's or topic's moderation page, decided. The route has checked
 * the permission the action needs (POST_ACTION_PERMISSIONS, TOPIC_ACTION_PERMISSIONS) and turns the
 * outcome into a response.
 */

export type ModerationAnswer =
  | { kind: "done"; toast: Toast; topicId: number }
  | { kind: "invalid"; submission: AnySubmission }
  | { kind: "refused"; submission: AnySubmission; field: "reason" | "category" | null; message: string; status: 409 }
  | { kind: "not-found" };

export function postActionOf(form: FormData): PostAction | null {
  const value = form.get("intent");
  return (POST_ACTIONS as readonly unknown[]).includes(value) ? (value as PostAction) : null;
}

export function topicActionOf(form: FormData): TopicAction | null {
  const value = form.get("intent");
  return (TOPIC_ACTIONS as readonly unknown[]).includes(value) ? (value as TopicAction) : null;
}

const DONE: Record<PostAction | TopicAction, string> = {
  hide: t("forum.moderation.done.hide"),
  show: t("forum.moderation.done.show"),
  approve: t("forum.moderation.done.approve"),
  delete: t("forum.moderation.done.delete"),
  dismiss: t("forum.moderation.done.dismiss"),
  lock: t("forum.moderation.done.lock"),
  unlock: t("forum.moderation.done.unlock"),
  pin: t("forum.moderation.done.pin"),
  unpin: t("forum.moderation.done.unpin"),
  move: t("forum.moderation.done.move"),
};

function answer(outcome: ModerationOutcome, action: PostAction | TopicAction, submission: AnySubmission): ModerationAnswer {
  switch (outcome.kind) {
    case "done":
      return { kind: "done", topicId: outcome.topicId, toast: { title: DONE[action], variant: "success" } };
    case "unchanged":
      return { kind: "refused", submission, field: null, status: 409, message: t("forum.moderation.unchanged") };
    case "unknown-category":
      return { kind: "refused", submission, field: "category", status: 409, message: t("forum.form.categoryUnknown") };
    case "not-found":
      return { kind: "not-found" };
  }
}

function readReason(form: FormData, action: PostAction | TopicAction): { submission: AnySubmission; reason: string | null; category: string | null; missing: boolean } {
  const submission = parseSubmission(form, moderationSchema);
  if (submission.status !== "success") return { submission, reason: null, category: null, missing: false };
  const { reason, category } = submission.value;
  return { submission, reason, category, missing: REASON_REQUIRED.includes(action) && !reason };
}

export async function actOnPost(db: Kysely<Database>, adminId: string, postId: number, action: PostAction, form: FormData, mail: MailOptions): Promise<ModerationAnswer> {
  const { submission, reason, missing } = readReason(form, action);
  if (submission.status !== "success") return { kind: "invalid", submission };
  if (missing) return { kind: "refused", submission, field: "reason", status: 409, message: t("forum.moderation.reasonRequired") };
  return answer(await moderatePost(db, adminId, postId, action, reason ?? "", mail), action, submission);
}

export async function actOnTopic(db: Kysely<Database>, adminId: string, topicId: number, action: TopicAction, form: FormData, mail: MailOptions): Promise<ModerationAnswer> {
  const { submission, reason, category, missing } = readReason(form, action);
  if (submission.status !== "success") return { kind: "invalid", submission };
  if (missing) return { kind: "refused", submission, field: "reason", status: 409, message: t("forum.moderation.reasonRequired") };
  return answer(await moderateTopic(db, adminId, topicId, action, { reason: reason ?? "", category: category ?? undefined }, mail), action, submission);
}
