import { InfoPageView, infoPageMeta } from "~/content/components/InfoPageView";
import { infoPage } from "~/content/pages.server";
import type { Route } from "./+types/features";

/** /features: its text is content/pages/features.md. */
export function loader() {
  return infoPage("features");
}

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(args);
}

export default function FeaturesPage({ loaderData }: Route.ComponentProps) {
  return <InfoPageView page={loaderData} />;
}
