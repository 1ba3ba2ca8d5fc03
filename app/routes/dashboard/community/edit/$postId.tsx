import { data, Form, Link, useActionData } from "react-router";
import { FieldError, fieldClass, labelClass, SubmitButton } from "~/components/ui/form-fields";
import { FormError, PanelSection } from "~/components/ui/panel-section";
import { MarkdownHint } from "~/forum/components/MarkdownHint";
import { editSchema, FORUM_FORM_IDS } from "~/forum/forum-forms";
import { postPath, topicPath } from "~/forum/paths";
import { deleteOwnPost, editPost } from "~/forum/writes.server";
import { TextField } from "~/forms/TextField";
import { formConstraint, parseSubmission } from "~/forms/parse-form.server";
import { fieldProps, useFocusFirstInvalid, useSchemaForm } from "~/forms/use-schema-form";
import { access, PERSONAL_PAGE_HEADERS, requirePermission } from "~/http/access.server";
import { ownForumPost } from "~/http/url-things.server";
import { redirectWithFlash } from "~/http/flash.server";
import { formFailure, formRefusal } from "~/http/form.server";
import { readForm } from "~/http/request-body.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { site } from "~/lib/site-context.server";
import type { Route } from "./+types/$postId";

const guard = access({ permission: "update:post:own", thing: ownForumPost });
export const middleware: Route.MiddlewareFunction[] = [guard];

const EDIT_MAX_BYTES = 256 * 1024;

/** /dashboard/community/edit/{postId}: the author changes their post (and, on the first, the topic's title) or deletes it. */
export function loader({ context }: Route.LoaderArgs) {
  const { thing: post } = guard.allowed(context);
  return data(
    { id: post.id, topicId: post.topicId, topicTitle: post.topicTitle, isFirst: post.isFirst, markdown: post.markdown, constraint: formConstraint(editSchema) },
    { headers: PERSONAL_PAGE_HEADERS },
  );
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return seoMeta(matches, {
    title: t("forum.edit.title"),
    description: t("forum.edit.description"),
    path: loaderData ? `/dashboard/community/edit/${loaderData.id}` : "/dashboard/community",
    robots: "noindex,nofollow",
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, thing: post } = guard.allowed(context);
  const form = await readForm(request, EDIT_MAX_BYTES);
  const db = site().database.db;
  if (form.get("intent") === "delete") {
    requirePermission(viewer, "delete:post:own", { ownerId: post.authorId });
    const outcome = await deleteOwnPost(db, viewer.user.id, post.id);
    if (outcome.kind === "not-found") throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
    return redirectWithFlash(postPath(outcome.topicId, outcome.position, post.id), { title: t("forum.edit.deleted"), variant: "success" });
  }
  const submission = parseSubmission(form, editSchema);
  if (submission.status !== "success") return formFailure(FORUM_FORM_IDS.edit, submission);
  const outcome = await editPost(db, viewer.user.id, post.id, { title: post.isFirst ? submission.value.title : null, text: submission.value.text });
  switch (outcome.kind) {
    case "edited":
      return redirectWithFlash(
        postPath(outcome.topicId, outcome.position, post.id),
        outcome.waits
          ? { title: t("forum.edit.waitingTitle"), description: t("forum.edit.waitingBody"), variant: "default" }
          : { title: t("forum.edit.saved"), variant: "success" },
      );
    case "refused":
      return formRefusal(FORUM_FORM_IDS.edit, submission, outcome);
    case "not-found":
      throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  }
}

export default function EditPostPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  const post = loaderData;
  const formId = FORUM_FORM_IDS.edit;
  const { form, fields, formProps } = useSchemaForm<{ title: string; text: string }>({
    id: formId,
    reply,
    constraint: post.constraint,
    schema: () => import("~/forum/forum-forms").then((module) => module.editSchema),
    defaultValue: { title: post.isFirst ? post.topicTitle : undefined, text: post.markdown },
  });
  const first = useFocusFirstInvalid(reply, [fields.title, fields.text]);
  return (
    <>
      <p>
        <Link to={topicPath(post.topicId)}>← {t("forum.edit.back", { title: post.topicTitle })}</Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{t("forum.edit.heading")}</h1>
      <Form method="post" {...formProps} className="mt-6 grid max-w-3xl gap-5">
        <FormError message={form.errors?.[0]} />
        {post.isFirst ? <TextField field={fields.title} type="text" label={t("forum.form.title")} autoFocus={first === "title"} /> : null}
        <div>
          <label htmlFor={fields.text.name} className={labelClass}>
            {t("forum.form.text")}
          </label>
          <MarkdownHint id={`${fields.text.name}-hint`} />
          <textarea {...fieldProps(fields.text, { hint: true })} rows={12} autoFocus={first === "text"} className={fieldClass} />
          <FieldError id={`${fields.text.name}-fejl`} message={fields.text.errors?.[0]} />
        </div>
        <div>
          <SubmitButton intent="save" label={t("forum.edit.submit")} pendingLabel={t("forum.edit.pending")} />
        </div>
      </Form>
      <div className="mt-10 max-w-3xl">
        <PanelSection
          id="slet-indlaegget"
          heading={t("forum.edit.deleteHeading")}
          intro={post.isFirst ? t("forum.edit.deleteIntroFirst") : t("forum.edit.deleteIntro")}
          tone="danger"
        >
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <SubmitButton intent="delete" variant="danger" label={t("forum.edit.delete")} pendingLabel={t("forum.edit.deleting")} />
          </Form>
        </PanelSection>
      </div>
    </>
  );
}
