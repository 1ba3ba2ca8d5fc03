import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { PanelSection } from "~/components/ui/panel-section";

export function ExportSection({ href }: { href: string }) {
  return (
    <PanelSection id="data" heading={t("settings.export.heading")} intro={t("settings.export.intro")}>
      {/* A file, not a page: the browser downloads it, whether or not JavaScript runs. */}
      <a href={href} download className={buttonClass("secondary")}>
        {t("settings.export.download")}
      </a>
    </PanelSection>
  );
}
