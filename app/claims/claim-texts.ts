import { t } from "~/lib/i18n";
import type { ClaimRelation } from "./claim-fields";

/** The claim form's choices, as the person picks them. */
export const RELATION_CHOICES: Record<ClaimRelation, string> = {
  arrangoer: t("claims.relations.arrangoer"),
  ejer: t("claims.relations.ejer"),
  forening: t("claims.relations.forening"),
  andet: t("claims.relations.andet"),
};

/** The same, as the admin reads them about someone else. */
export const RELATION_LABELS: Record<ClaimRelation, string> = {
  arrangoer: t("claims.admin.relations.arrangoer"),
  ejer: t("claims.admin.relations.ejer"),
  forening: t("claims.admin.relations.forening"),
  andet: t("claims.admin.relations.andet"),
};
