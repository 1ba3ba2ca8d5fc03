import { InfoPageView, infoPageMeta } from "~/content/components/InfoPageView";
import { infoPage } from "~/content/pages.server";
import type { Route } from "./+types/om-os";

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
