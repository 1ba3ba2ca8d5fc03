import { site } from "~/lib/site-context.server";
import { data } from "react-router";

/**
 * Proves the critical error screen and its "Ryd cache": registered outside the site layout, so
 * the error passes the page boundary and reaches the root one, as a failing shell would.
 */
export function loader() {
  if (!site().config.enableTestRoutes) throw data(null, { status: 404 });
  throw new Error("Bevidst kritisk fejl (testside)");
}

export default function CriticalError() {
  return null;
}
