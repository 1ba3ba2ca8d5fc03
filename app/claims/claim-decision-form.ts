import { z } from "zod";
import { requiredText } from "~/forms/fields";
import { t } from "~/lib/i18n";

/*
 * The admin's rejection of a claim on /dashboard/market-claims: a reason the person is sent.
 * Approving has no fields. Each claim on the page has its own form, told apart by its id.
 */

/** The column holds 1,000 characters; the person reads the reason in a mail. */
export const CLAIM_REASON_MAX = 1000;

export const claimRejectSchema = z.object({
  reason: requiredText(CLAIM_REASON_MAX, {
    required: t("claims.admin.reject.reasonRequired"),
    tooLong: t("claims.admin.reject.reasonTooLong", { max: CLAIM_REASON_MAX.toLocaleString("da-DK") }),
  }),
});
