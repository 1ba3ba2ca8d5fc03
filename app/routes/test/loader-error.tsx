import { site } from "~/lib/site-context.server";
import { data } from "react-router";

/** Proves that a failing loader gives the page error screen with status 500 and a logged stack. */
export function loader() {
  if (!site().config.enableTestRoutes) throw data(null, { status: 404 });
  throw new Error("Bevidst fejl i en loader (testside)");
}

export default function LoaderError() {
  return null;
}
