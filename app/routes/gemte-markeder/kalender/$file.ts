import { site } from "~/lib/site-context.server";
import { savedFeedResponse } from "~/saved/saved-feed.server";
import type { Route } from "./+types/$file";

/**
 * GET /gemte-markeder/kalender/{token}.ics: the private calendar feed of one person's saved
 * markets, for their phone's calendar to subscribe to. The secret in the address is the only key.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const token = params.file.endsWith(".ics") ? params.file.slice(0, -".ics".length) : "";
  const answer = await savedFeedResponse(site().database.db, token, { baseUrl: site().config.baseUrl });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}
