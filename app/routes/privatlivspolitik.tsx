import { InfoPageView, infoPageMeta } from "~/content/components/InfoPageView";
import { infoPage } from "~/content/pages.server";
import type { Route } from "./+types/privatlivspolitik";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** /privatlivspolitik: its text is content/pages/privatlivspolitik.md. */
export function loader() {
  return infoPage("privatlivspolitik");
}

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(args);
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return <InfoPageView page={loaderData} />;
}
