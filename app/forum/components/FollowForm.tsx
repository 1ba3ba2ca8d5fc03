import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { topicPath } from "../paths";

export const FOLLOW_INTENT = "follow";
export const UNFOLLOW_INTENT = "unfollow";

/**
 * "Følg emnet" under a topic's title: an ordinary post to the topic (also without JavaScript). A
 * visitor's page, which the cache shares, only says how.
 */
export function FollowForm({ topicId, following, signInHref }: { topicId: number; following: boolean | null; signInHref: string }) {
  if (following === null) {
    return (
      <p className="mt-3 text-sm">
        <Link to={signInHref}>{t("forum.follow.signIn")}</Link>
      </p>
    );
  }
  return (
    <Form method="post" action={topicPath(topicId)} className="mt-3 flex flex-wrap items-center gap-3">
      <button
        type="submit"
        name="intent"
        value={following ? UNFOLLOW_INTENT : FOLLOW_INTENT}
        className={buttonClass(following ? "secondary" : "primary")}
        aria-describedby="foelg-note"
      >
        {following ? t("forum.follow.unfollow") : t("forum.follow.follow")}
      </button>
      <span id="foelg-note" className="text-sm text-stone-700 dark:text-stone-300">
        {following ? t("forum.follow.following") : t("forum.follow.notFollowing")}
      </span>
    </Form>
  );
}
