import { InfoPageView, infoPageMeta } from "~/content/components/InfoPageView";
import { infoPage } from "~/content/pages.server";
import type { Route } from "./+types/betingelser";

/** /betingelser: its text is content/pages/betingelser.md. */
export function loader() {
  return infoPage("betingelser");
}

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(args);
}

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return <InfoPageView page={loaderData} />;
}
