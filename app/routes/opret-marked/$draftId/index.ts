import { data, redirect } from "react-router";
import { refusePost, requirePageAccess } from "~/account/guard.server";
import { site } from "~/lib/site-context.server";
import { draftStepPath, ownDraft } from "~/markets/submissions/drafts.server";
import type { Route } from "./+types/index";

/** /opret-marked/{draftId}: goes on where the draft was left (Mine markeder links here). Another person's draft is not found. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requirePageAccess(request);
  const draft = await ownDraft(site().database.db, params.draftId, viewer.user.id);
  if (!draft) throw data(null, { status: 404 });
  throw redirect(draftStepPath(draft), 302);
}

export async function action({ request }: Route.ActionArgs) {
  return refusePost(request);
}
