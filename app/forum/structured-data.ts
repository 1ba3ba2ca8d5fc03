import type { PostView, TopicView } from "./views";

/**
 * A topic as schema.org's DiscussionForumPosting: its title, opening words, author, times and the
 * replies on the page shown as comments. Everything here is text (the cleaned HTML is not used), and
 * React Router's meta escapes "<", ">" and "&" in JSON-LD, so nothing in it can end the script.
 */
export function discussionForumPosting(baseUrl: string, path: string, topic: TopicView, posts: PostView[]): object {
  const replies = posts.filter((post) => post.state === "published" && post.id !== topic.firstPostId);
  return {
    "@context": "https://schema.org",
    "@type": "DiscussionForumPosting",
    "@id": `${baseUrl}${path}`,
    url: `${baseUrl}${path}`,
    headline: topic.title,
    text: topic.opening,
    datePublished: topic.createdAt,
    author: { "@type": "Person", name: topic.authorName },
    interactionStatistic: { "@type": "InteractionCounter", interactionType: "https://schema.org/CommentAction", userInteractionCount: topic.replyCount },
    ...(topic.market ? { about: { "@type": "Event", name: topic.market.name, url: `${baseUrl}/markeder/${topic.market.slug}` } } : {}),
    comment: replies.map((post) => ({
      "@type": "Comment",
      author: { "@type": "Person", name: post.author.name },
      datePublished: post.createdAt,
      url: `${baseUrl}${path}#indlaeg-${post.id}`,
    })),
  };
}
