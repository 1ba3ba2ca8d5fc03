import { InfoPageView, infoPageMeta } from "~/content/components/InfoPageView";
import { infoPage } from "~/content/pages.server";
import type { Route } from "./+types/om-os";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** /om-os: its text is content/pages/om-os.md, which carries the data credits the licences require (README "Data credits"). */
export function loader() {
  return infoPage("om-os");
}

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(args);
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  return <InfoPageView page={loaderData} />;
}
