import { Link } from "react-router";
import { withNext } from "~/auth/auth-paths";
import { t } from "~/lib/i18n";
import { editPostPath, moderatePostPath, postAnchor, quotePath, reportPostPath } from "../paths";
import type { PostView } from "../views";
import { AuthorAvatar } from "./AuthorAvatar";
import { RelativeTime } from "./RelativeTime";

const NOTE = "rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 text-stone-800 italic dark:border-stone-600 dark:bg-stone-800 dark:text-stone-100";

function StateNote({ state }: { state: PostView["state"] }) {
  switch (state) {
    case "deleted":
      return <p className={NOTE}>{t("forum.post.deleted")}</p>;
    case "hidden":
      return <p className={NOTE}>{t("forum.post.hidden")}</p>;
    case "blocked":
      return <p className={NOTE}>{t("forum.post.blocked")}</p>;
    case "waiting":
      return <p className={`${NOTE} mb-3`}>{t("forum.post.waiting")}</p>;
    default:
      return null;
  }
}

export interface PostActions {
  topicId: number;
  page: number;
  /** Whether "Citér" is offered: the reader may reply (or signs in to). */
  mayQuote: boolean;
  mayModerate: boolean;
  /** A visitor's "Anmeld" goes through sign-in, which brings them back to the form. */
  signedIn: boolean;
  now: number;
}

/**
 * One post in its place in a topic: who wrote it and when, the text (cleaned when it was written,
 * text/render-post.server.ts) or the note in its place, and what the reader may do with it.
 */
export function PostItem({ post, number, actions }: { post: PostView; number: number; actions: PostActions }) {
  const headingId = `${postAnchor(post.id)}-af`;
  return (
    <article
      id={postAnchor(post.id)}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-2xl border border-stone-300 bg-white p-4 sm:p-5 dark:border-stone-700 dark:bg-stone-900"
    >
      <header className="flex items-center gap-3">
        <AuthorAvatar author={post.author} />
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold break-words">
            {post.author.name}
            {post.author.demo ? <span className="ml-2 text-xs font-normal text-stone-700 dark:text-stone-300">{t("forum.post.demoAuthor")}</span> : null}
          </h2>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            <span className="sr-only">{t("forum.post.number", { number })} </span>
            <RelativeTime iso={post.createdAt} now={actions.now} />
            {post.editedAt ? <span title={t("forum.post.editedTitle")}> · {t("forum.post.edited")}</span> : null}
          </p>
        </div>
      </header>
      <div className="mt-3">
        <StateNote state={post.state} />
        {post.html ? <div className="forum-text" dangerouslySetInnerHTML={{ __html: post.html }} /> : null}
      </div>
      <footer className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {post.quote && actions.mayQuote ? (
          <a href={quotePath(actions.topicId, actions.page, post.id)} data-quote={post.quote} rel="nofollow">
            {t("forum.post.quote")}
            <span className="sr-only"> {t("forum.post.ofAuthor", { name: post.author.name })}</span>
          </a>
        ) : null}
        {post.own && (post.state === "published" || post.state === "waiting") ? (
          <Link to={editPostPath(post.id)}>
            {t("forum.post.edit")}
            <span className="sr-only"> {t("forum.post.yourPost")}</span>
          </Link>
        ) : null}
        {!post.own && post.state === "published" ? (
          <Link to={actions.signedIn ? reportPostPath(post.id) : withNext("/sign-in", reportPostPath(post.id))} rel="nofollow">
            {t("forum.post.report")}
            <span className="sr-only"> {t("forum.post.ofAuthor", { name: post.author.name })}</span>
          </Link>
        ) : null}
        {actions.mayModerate ? (
          <Link to={moderatePostPath(post.id)}>
            {t("forum.post.moderate")}
            <span className="sr-only"> {t("forum.post.ofAuthor", { name: post.author.name })}</span>
          </Link>
        ) : null}
      </footer>
    </article>
  );
}
