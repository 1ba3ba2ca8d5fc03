import { InfoPageView, infoPageMeta } from "~/content/components/InfoPageView";
import { infoPage } from "~/content/pages.server";
import type { Route } from "./+types/partner";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** /partner: its text is content/pages/partner.md. */
export function loader() {
  return infoPage("partner");
}

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(args);
}

export default function PartnerPage({ loaderData }: Route.ComponentProps) {
  return <InfoPageView page={loaderData} />;
}
