import { Link } from "react-router";
import { t } from "~/lib/i18n";
import type { MarketStatus } from "../../../markets/types";
import { StatusBadge } from "./OwnedMarketList";
import { PanelSection } from "~/components/ui/panel-section";

/** Where the market stands and what the public sees of it: its page when they may open it, and why not otherwise. */
export function ManageStatus({ status, label, texts, href }: { status: MarketStatus; label: string; texts: string[]; href: string | null }) {
  return (
    <PanelSection id="status" heading={t("organiser.manage.public.heading")}>
      <StatusBadge status={status} label={label} />
      {texts.map((text) => (
        <p key={text} className="mt-3 max-w-2xl break-words">
          {text}
        </p>
      ))}
      {href ? (
        <p className="mt-3">
          <Link to={href} className="font-medium">
            {t("organiser.manage.public.viewPage")}
          </Link>
        </p>
      ) : null}
    </PanelSection>
  );
}
