import { data, redirect } from "react-router";
import { permanentRedirectTarget } from "~/lib/redirects";
import type { Route } from "./+types/permanent-redirect";

export function loader({ url }: Route.LoaderArgs) {
  const target = permanentRedirectTarget(url);
  if (!target) throw data(null, { status: 404 });
  return redirect(target, 301);
}
