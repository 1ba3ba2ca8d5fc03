import { data, Form, Link, useActionData } from "react-router";
import { FieldError, fieldClass, labelClass, SubmitButton } from "~/components/ui/form-fields";
import { FORUM_FORM_IDS, REPORT_REASONS, reportSchema } from "~/forum/forum-forms";
import { topicPath } from "~/forum/paths";
import { REPORT_REASON_NAMES } from "~/forum/report-reasons";
import { reportPost } from "~/forum/reports.server";
import { formConstraint, parseSubmission } from "~/forms/parse-form.server";
import { fieldProps, useFocusFirstInvalid, useSchemaForm } from "~/forms/use-schema-form";
import { access, PERSONAL_PAGE_HEADERS } from "~/http/access.server";
import { reportablePost } from "~/http/url-things.server";
import { redirectWithFlash } from "~/http/flash.server";
import { formFailure, formRefusal } from "~/http/form.server";
import { readForm } from "~/http/request-body.server";
import { FormError } from "~/components/ui/panel-section";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { site } from "~/lib/site-context.server";
import type { Route } from "./+types/anmeld";

const guard = access({ permission: "report:post", thing: reportablePost });
export const middleware: Route.MiddlewareFunction[] = [guard];

/** /community/indlaeg/{postId}/anmeld: "Anmeld" a post to the admins, with a reason and a few words. */
export function loader({ context }: Route.LoaderArgs) {
  const { thing: post } = guard.allowed(context);
  return data({ postId: post.id, topicId: post.topicId, topicTitle: post.topicTitle, constraint: formConstraint(reportSchema) }, { headers: PERSONAL_PAGE_HEADERS });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return seoMeta(matches, {
    title: t("forum.report.title"),
    description: t("forum.report.description"),
    path: loaderData ? `/community/indlaeg/${loaderData.postId}/anmeld` : "/community",
    robots: "noindex,nofollow",
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, thing: post } = guard.allowed(context);
  const submission = parseSubmission(await readForm(request), reportSchema);
  if (submission.status !== "success") return formFailure(FORUM_FORM_IDS.report, submission);
  const outcome = await reportPost(site().database.db, viewer.user.id, post.id, submission.value, { rule: site().config.rateLimits.forumReports });
  switch (outcome.kind) {
    case "reported":
    case "already":
      // A second report of the same post is taken as the first: the admins have it already.
      return redirectWithFlash(topicPath(post.topicId), { title: t("forum.report.sent"), description: t("forum.report.sentBody"), variant: "success" });
    case "own":
      return formRefusal(FORUM_FORM_IDS.report, submission, { field: null, status: 409, message: t("forum.report.own") });
    case "limited":
      return formRefusal(FORUM_FORM_IDS.report, submission, { field: null, status: 429, message: t("forum.report.tooMany"), retryAfterSeconds: outcome.retryAfterSeconds });
    case "not-found":
      throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  }
}

export default function ReportPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  const formId = FORUM_FORM_IDS.report;
  const { form, fields, formProps } = useSchemaForm<{ reason: string; text: string }>({
    id: formId,
    reply,
    constraint: loaderData.constraint,
    schema: () => import("~/forum/forum-forms").then((module) => module.reportSchema),
  });
  const first = useFocusFirstInvalid(reply, [fields.reason, fields.text]);
  return (
    <div className="mx-auto max-w-2xl">
      <p>
        <Link to={topicPath(loaderData.topicId)}>← {t("forum.report.back", { title: loaderData.topicTitle })}</Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{t("forum.report.heading")}</h1>
      <p className="mt-2 text-stone-800 dark:text-stone-200">{t("forum.report.intro")}</p>
      <Form method="post" {...formProps} className="mt-6 grid gap-5">
        <FormError message={form.errors?.[0]} />
        <fieldset aria-describedby={fields.reason.errors?.length ? `${fields.reason.name}-fejl` : undefined}>
          <legend className={labelClass}>{t("forum.report.reason")}</legend>
          <div className="mt-2 grid gap-2">
            {REPORT_REASONS.map((reason, index) => (
              <label key={reason} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={fields.reason.name}
                  value={reason}
                  defaultChecked={fields.reason.initialValue === reason}
                  autoFocus={first === "reason" && index === 0}
                  className="size-4"
                />
                {REPORT_REASON_NAMES[reason]}
              </label>
            ))}
          </div>
          <FieldError id={`${fields.reason.name}-fejl`} message={fields.reason.errors?.[0]} />
        </fieldset>
        <div>
          <label htmlFor={fields.text.name} className={labelClass}>
            {t("forum.report.text")}
          </label>
          <textarea {...fieldProps(fields.text)} rows={4} autoFocus={first === "text"} className={fieldClass} />
          <FieldError id={`${fields.text.name}-fejl`} message={fields.text.errors?.[0]} />
        </div>
        <div>
          <SubmitButton intent="report" label={t("forum.report.submit")} pendingLabel={t("forum.report.pending")} />
        </div>
      </Form>
    </div>
  );
}
