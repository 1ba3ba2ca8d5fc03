import { Link } from "react-router";
import { t } from "~/lib/i18n";
import type { MarketStatus } from "../../../markets/types";
import { StatusBadge } from "./OwnedMarketList";
import { PanelSection } from "~/components/ui/panel-section";

/**
 * Where the market stands and what the public sees of it: its page when they may open it, and why
 * not otherwise; the page as it will be once what waits is approved (previewHref), when something waits.
 */
export function ManageStatus({
  status,
  label,
  texts,
  href,
  previewHref,
}: {
  status: MarketStatus;
  label: string;
  texts: string[];
  href: string | null;
  previewHref: string | null;
}) {
  return (
    <PanelSection id="status" heading={t("organiser.manage.public.heading")}>
      <StatusBadge status={status} label={label} />
      {texts.map((text) => (
        <p key={text} className="mt-3 max-w-2xl break-words">
          {text}
        </p>
      ))}
      {href || previewHref ? (
        <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          {href ? (
            <Link to={href} className="font-medium">
              {t("organiser.manage.public.viewPage")}
            </Link>
          ) : null}
          {previewHref ? (
            <Link to={previewHref} className="font-medium">
              {href ? t("organiser.manage.public.previewChange") : t("organiser.manage.public.preview")}
            </Link>
          ) : null}
        </p>
      ) : null}
    </PanelSection>
  );
}
