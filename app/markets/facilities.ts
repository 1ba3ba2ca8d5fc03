import { t } from "~/lib/i18n";
import type { Facility } from "./types";

export const FACILITY_LABELS: Record<Facility, string> = {
  toilets: t("facilities.toilets"),
  food: t("facilities.food"),
  parking: t("facilities.parking"),
  wheelchair: t("facilities.wheelchair"),
  dogs: t("facilities.dogs"),
  card_payment: t("facilities.card_payment"),
  mobilepay: t("facilities.mobilepay"),
};
