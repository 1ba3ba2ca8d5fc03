import { data } from "react-router";
import { NotFoundScreen } from "~/errors/screens";
import { t } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** Every path nothing else matched: the not-found page with a real 404 status. */
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [...pageMeta(t("errors.notFound.title"), t("errors.notFound.body")), { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundScreen />;
}
