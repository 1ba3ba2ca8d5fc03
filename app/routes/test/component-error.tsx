import { site } from "~/lib/site-context.server";
import { useState } from "react";
import { data } from "react-router";
import { ComponentErrorBoundary } from "~/errors/boundaries";
import { t } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";

export function loader() {
  if (!site().config.enableTestRoutes) throw data(null, { status: 404 });
  return null;
}

export function meta() {
  return pageMeta(t("testPages.componentError.title"), t("testPages.componentError.description"));
}

function Fragile() {
  const [broken, setBroken] = useState(false);
  if (broken) throw new Error("Bevidst fejl i en komponent (testside)");
  return (
    <button type="button" onClick={() => setBroken(true)} className="mt-4 rounded border px-3 py-2">
      {t("testPages.componentError.trigger")}
    </button>
  );
}

/** Proves that a failing component shows the component error screen and leaves the page standing. */
export default function ComponentError() {
  return (
    <>
      <h1 className="text-3xl font-bold">{t("testPages.componentError.title")}</h1>
      <ComponentErrorBoundary>
        <Fragile />
      </ComponentErrorBoundary>
    </>
  );
}
