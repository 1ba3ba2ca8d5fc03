import { data, Form, useActionData } from "react-router";
import { userCan } from "~/auth/permissions";
import { permissionHolder } from "~/auth/viewer";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { FactRow } from "~/components/ui/FactRow";
import { SubmitButton } from "~/components/ui/form-fields";
import { formConstraint, parseSubmission } from "~/forms/parse-form.server";
import { AnswerForm } from "~/inbox/components/AnswerForm";
import { answerMessage, setMessageClosed } from "~/inbox/answers.server";
import { ANSWER_FORM_ID, answerSchema, isInboxIntent } from "~/inbox/inbox-forms";
import { findMessage } from "~/inbox/inbox.server";
import { INBOX_PATH, messagePath } from "~/inbox/inbox-paths";
import { messageStateName } from "~/inbox/message-states";
import { sentAtText } from "~/claims/sender-texts";
import { access, PERSONAL_PAGE_HEADERS, requirePermission } from "~/http/access.server";
import { redirectWithFlash } from "~/http/flash.server";
import { formFailure } from "~/http/form.server";
import { readForm } from "~/http/request-body.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { site } from "~/lib/site-context.server";
import { isUuid } from "~/lib/uuid";
import type { Route } from "./+types/$id";

const guard = access({ permission: "read:message:any" });
export const middleware: Route.MiddlewareFunction[] = [guard];

/** An answer is at most 5,000 characters; its form is well under 64 KB. */
const ANSWER_FORM_MAX_BYTES = 64 * 1024;

/** /dashboard/admin/beskeder/{id}: a message, the answers to it, the answer form, and closing it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { viewer } = guard.allowed(context);
  const message = isUuid(params.id) ? await findMessage(site().database.db, params.id.toLowerCase()) : null;
  if (!message) throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  return data(
    {
      message: {
        ...message,
        when: sentAtText(message.createdAt),
        stateName: messageStateName(message.state),
        paragraphs: message.message.split(/\r?\n\s*\r?\n/).filter((paragraph) => paragraph.trim()),
        answers: message.answers.map((answer) => ({ ...answer, when: sentAtText(answer.createdAt) })),
      },
      mayAnswer: userCan(permissionHolder(viewer), "answer:message:any"),
      constraint: formConstraint(answerSchema),
    },
    { headers: PERSONAL_PAGE_HEADERS },
  );
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return seoMeta(matches, {
    title: t("inbox.message.title", { name: loaderData?.message.name ?? "" }),
    description: t("inbox.message.description"),
    path: loaderData ? messagePath(loaderData.message.id) : INBOX_PATH,
    robots: "noindex,nofollow",
  });
}

/** An answer (mailed to the sender), or closing or opening the message again: 303 back here with a toast. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { viewer } = guard.allowed(context);
  requirePermission(viewer, "answer:message:any");
  if (!isUuid(params.id)) throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  const id = params.id.toLowerCase();
  const form = await readForm(request, ANSWER_FORM_MAX_BYTES);
  const intent = form.get("intent");
  if (!isInboxIntent(intent)) throw data({ message: t("inbox.unknownIntent") }, { status: 400, headers: PERSONAL_PAGE_HEADERS });
  const { database, mailer, config, logger } = site();
  if (intent === "answer") {
    const submission = parseSubmission(form, answerSchema);
    if (submission.status !== "success") return formFailure(ANSWER_FORM_ID, submission);
    const outcome = await answerMessage(database.db, viewer.user.id, id, submission.value.body, {
      baseUrl: config.baseUrl,
      send: mailer.send,
      replyTo: config.contactEmail,
      logger,
    });
    if (outcome.kind === "not-found") throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
    return redirectWithFlash(
      messagePath(id),
      outcome.mailed
        ? { title: t("inbox.answer.sent"), variant: "success" }
        : { title: t("inbox.answer.notMailed"), description: t("inbox.answer.notMailedBody"), variant: "warning" },
    );
  }
  const outcome = await setMessageClosed(database.db, viewer.user.id, id, intent === "close");
  if (outcome.kind === "not-found") throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  const title = intent === "close" ? t("inbox.state.closed") : t("inbox.state.reopened");
  return redirectWithFlash(messagePath(id), {
    title: outcome.kind === "changed" ? title : t("inbox.state.unchanged"),
    variant: outcome.kind === "changed" ? "success" : "default",
  });
}

export default function MessagePage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  const { message, mayAnswer } = loaderData;
  const closed = message.state === "closed";
  return (
    <>
      <Breadcrumbs trail={[{ name: t("inbox.list.heading"), path: INBOX_PATH }]} current={message.subject} />
      <h1 className="mt-3 text-3xl font-bold break-words sm:text-4xl">{message.subject}</h1>
      <dl className="mt-4 grid max-w-2xl gap-2">
        <FactRow label={t("inbox.message.from")}>
          {message.name} &lt;<a href={`mailto:${message.email}`}>{message.email}</a>&gt;
        </FactRow>
        <FactRow label={t("inbox.message.sent")}>{message.when}</FactRow>
        <FactRow label={t("inbox.message.state")}>{message.stateName}</FactRow>
      </dl>
      <section aria-labelledby="beskeden" className="mt-6 max-w-2xl rounded-2xl border border-stone-300 bg-white p-4 dark:border-stone-700 dark:bg-stone-900">
        <h2 id="beskeden" className="text-xl font-bold">
          {t("inbox.message.heading")}
        </h2>
        {message.paragraphs.map((paragraph, index) => (
          <p key={index} className="mt-2 break-words whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </section>
      {message.answers.length ? (
        <section aria-labelledby="svarene" className="mt-8 max-w-2xl">
          <h2 id="svarene" className="text-xl font-bold">
            {t("inbox.message.answers")}
          </h2>
          <ol className="mt-3 grid gap-3">
            {message.answers.map((answer) => (
              <li key={answer.id} className="rounded-2xl border border-stone-300 p-4 dark:border-stone-700">
                <p className="text-sm text-stone-700 dark:text-stone-300">
                  {t("inbox.message.answeredBy", { name: answer.authorName, when: answer.when })}
                  {answer.mailed ? null : <strong className="ml-1">{t("inbox.message.notMailed")}</strong>}
                </p>
                <p className="mt-2 break-words whitespace-pre-line">{answer.body}</p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {mayAnswer ? (
        <>
          <section aria-labelledby="svar-overskrift" className="mt-8 max-w-2xl">
            <h2 id="svar-overskrift" className="text-xl font-bold">
              {t("inbox.answer.heading")}
            </h2>
            <div className="mt-3">
              <AnswerForm to={message.email} reply={reply} constraint={loaderData.constraint} />
            </div>
          </section>
          <Form method="post" className="mt-8">
            <SubmitButton
              intent={closed ? "reopen" : "close"}
              name="intent"
              value={closed ? "reopen" : "close"}
              variant="secondary"
              label={closed ? t("inbox.state.reopen") : t("inbox.state.close")}
              pendingLabel={t("inbox.state.pending")}
            />
          </Form>
        </>
      ) : null}
    </>
  );
}
