import { InfoPageView, infoPageMeta } from "~/content/components/InfoPageView";
import { infoPage } from "~/content/pages.server";
import type { Route } from "./+types/partner";

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
