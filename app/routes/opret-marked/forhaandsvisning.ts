import type { RouterContextProvider } from "react-router";
import { site } from "~/lib/site-context.server";
import { parseSubmission } from "~/forms/parse-form.server";
import { todayInDenmark } from "~/lib/dates";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { readForm } from "~/http/request-body.server";
import { SCHEDULE_FORM_MAX_BYTES, readScheduleChoices, scheduleChoicesSchema, schedulesFromChoices } from "~/organiser/form/schedule-choices";
import type { SchedulePreviewAnswer } from "~/organiser/form/schedule-preview";
import { schedulePreview } from "~/organiser/form/schedule-preview.server";
import type { Route } from "./+types/forhaandsvisning";
import { access } from "~/http/access.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

const guard = access({ permission: "create:market" });
export const middleware: Route.MiddlewareFunction[] = [guard];

/**
 * /opret-marked/forhaandsvisning: the schedule being built in "Datoer og tider" as Danish prose and
 * its next five dates (SchedulePreviewAnswer), from the step's fields posted (ScheduleFields does,
 * as the person types) or in the query string. Read-only; for signed-in people who may submit a
 * market, within a light limit per person.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  return answer(context, () => {
    const form = new FormData();
    for (const [name, value] of url.searchParams) form.append(name, value);
    return form;
  });
}

export function action({ request, context }: Route.ActionArgs) {
  return answer(context, () => readForm(request, SCHEDULE_FORM_MAX_BYTES));
}

async function answer(context: Readonly<RouterContextProvider>, read: () => FormData | Promise<FormData>): Promise<Response> {
  const { viewer } = guard.allowed(context);
  const verdict = await hitRateLimit(site().database.db, `schedule-preview:${viewer.user.id}`, site().config.rateLimits.schedulePreview);
  if (!verdict.allowed) {
    return Response.json({ status: "limited" }, { status: 429, headers: { ...NO_STORE, "Retry-After": String(verdict.retryAfterSeconds) } });
  }
  const submission = parseSubmission(await read(), scheduleChoicesSchema);
  const today = todayInDenmark();
  const body: SchedulePreviewAnswer =
    submission.status === "success"
      ? { status: "ready", preview: schedulePreview(schedulesFromChoices(readScheduleChoices(submission.value), today), today) }
      : { status: "incomplete", problem: Object.values(submission.error ?? {}).flat()[0] ?? null };
  return Response.json(body, { headers: NO_STORE });
}
