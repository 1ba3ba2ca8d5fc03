import { site } from "~/lib/site-context.server";
import { data } from "react-router";
import type { Route } from "./+types/slow";

/** Answers after ?ms= milliseconds (at most 5 s): lets the tests catch a request in flight. */
export async function loader({ url }: Route.LoaderArgs) {
  if (!site().config.enableTestRoutes) throw data(null, { status: 404 });
  const ms = Math.min(5000, Math.max(0, Number(url.searchParams.get("ms")) || 0));
  await new Promise((resolve) => setTimeout(resolve, ms));
  return new Response(`svarede efter ${ms} ms`, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
