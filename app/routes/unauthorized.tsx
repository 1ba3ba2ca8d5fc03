import { data } from "react-router";
import { AccessDeniedScreen } from "~/errors/screens";
import { t } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

export function loader() {
  return data(null, { status: 403 });
}

export function meta() {
  return [...pageMeta(t("errors.unauthorized.title"), t("errors.unauthorized.body")), { name: "robots", content: "noindex" }];
}

export default function Unauthorized() {
  return <AccessDeniedScreen />;
}
