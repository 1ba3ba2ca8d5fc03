import { redirect } from "react-router";
import { access, refusedByGuard } from "~/http/access.server";
import { ownDraft } from "~/http/url-things.server";
import { draftStepPath } from "~/organiser/form/drafts.server";
import type { Route } from "./+types/index";

/** /opret-marked/{draftId}: goes on where the draft was left (Mine markeder links here). Another person's draft is not found. */
const guard = access({ permission: "create:market", thing: ownDraft, readOnly: true });
export const middleware: Route.MiddlewareFunction[] = [guard];
export const action = refusedByGuard;

export function loader({ context }: Route.LoaderArgs) {
  const { thing: draft } = guard.allowed(context);
  throw redirect(draftStepPath(draft), 302);
}
