import { InfoPageView, infoPageMeta } from "~/content/components/InfoPageView";
import { infoPage } from "~/content/pages.server";
import type { Route } from "./+types/privatlivspolitik";

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
