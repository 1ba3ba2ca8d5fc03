import { z } from "zod";
import { optionalText, requiredText } from "~/forms/fields";
import { t } from "~/lib/i18n";
import { FORUM_NAME_MAX, FORUM_NAME_MIN } from "./forum-name";

/*
 * The forum's forms, one schema each, shared by the browser's checks and the server's (decision
 * 0018). Browser-safe.
 */

export const TITLE_MIN = 5;
export const TITLE_MAX = 120;
export const TEXT_MIN = 2;
/** About ten printed pages: more is not a forum post. */
export const TEXT_MAX = 20_000;
export const REASON_MAX = 1000;

const title = () =>
  requiredText(TITLE_MAX, {
    required: t("forum.form.titleRequired"),
    min: TITLE_MIN,
    tooShort: t("forum.form.titleTooShort", { min: TITLE_MIN }),
    tooLong: t("forum.form.titleTooLong", { max: TITLE_MAX }),
  });

const text = () =>
  requiredText(TEXT_MAX, {
    required: t("forum.form.textRequired"),
    min: TEXT_MIN,
    tooShort: t("forum.form.textRequired"),
    tooLong: t("forum.form.textTooLong", { max: TEXT_MAX.toLocaleString("da-DK") }),
  });

const category = () =>
  z
    .string({ error: t("forum.form.categoryRequired") })
    .trim()
    .min(1, { error: t("forum.form.categoryRequired") })
    .max(60, { error: t("forum.form.categoryUnknown") });

export const topicSchema = z.object({
  category: category(),
  title: title(),
  text: text(),
  /** A market's address on the site or its slug; the server finds it. */
  market: optionalText(300, t("forum.form.marketUnknown")),
});

export const replySchema = z.object({ text: text() });

/** The first post of a topic also carries its title; a reply's form has none. */
export const editSchema = z.object({ title: optionalText(TITLE_MAX, t("forum.form.titleTooLong", { max: TITLE_MAX })), text: text() });

export const REPORT_REASONS = ["spam", "offensive", "off-topic", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: t("forum.report.reasonRequired") }),
  text: optionalText(REASON_MAX, t("forum.report.textTooLong", { max: REASON_MAX.toLocaleString("da-DK") })),
});

/**
 * An admin's action on a post or a topic, with the reason the log keeps. Where the action takes
 * something from the author (hiding, deleting, locking, moving) they are told the reason by mail,
 * so it is required there (REASON_REQUIRED); the server checks it with the action.
 */
export const moderationSchema = z.object({
  reason: optionalText(REASON_MAX, t("forum.moderation.reasonTooLong", { max: REASON_MAX.toLocaleString("da-DK") })),
  category: optionalText(60, t("forum.form.categoryUnknown")),
});

export const REASON_REQUIRED: readonly string[] = ["hide", "delete", "lock", "move"];

export const forumNameSchema = z.object({
  forumName: requiredText(FORUM_NAME_MAX, {
    required: t("forum.name.required"),
    min: FORUM_NAME_MIN,
    tooShort: t("forum.name.tooShort", { min: FORUM_NAME_MIN }),
    tooLong: t("forum.name.tooLong", { max: FORUM_NAME_MAX }),
  }).refine((value) => !/[\p{Cc}\p{Cf}]/u.test(value), { error: t("forum.name.invalid") }),
});

export const FORUM_FORM_IDS = {
  topic: "nyt-emne",
  reply: "svar-form",
  edit: "ret-indlaeg",
  delete: "slet-indlaeg",
  report: "anmeld",
  forumName: "forumnavn",
} as const;
