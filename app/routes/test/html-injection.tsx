import { site } from "~/lib/site-context.server";
import { data } from "react-router";
import { t } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";

/**
 * What an HTML injection would look like: markup written into the page unescaped, as a bug in a
 * sanitiser could one day let through (React escapes every text we render, so only
 * dangerouslySetInnerHTML can do this). The Content-Security-Policy must keep the script from
 * running; the page's own scripts must still run. Only with LOPPEGUIDEN_TEST_ROUTES=1.
 */
const INJECTED = `<script>window.__lgInjected = true; document.title = "indsprøjtet";</script><p id="injiceret">Indsprøjtet afsnit</p>`;

export function loader() {
  if (!site().config.enableTestRoutes) throw data(null, { status: 404 });
  return null;
}

export function meta() {
  return pageMeta(t("testPages.htmlInjection.title"), t("testPages.htmlInjection.description"));
}

export default function HtmlInjection() {
  return (
    <>
      <h1 className="text-3xl font-bold">{t("testPages.htmlInjection.title")}</h1>
      <div dangerouslySetInnerHTML={{ __html: INJECTED }} />
    </>
  );
}
