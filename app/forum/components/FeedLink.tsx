/** A link to one of the forum's RSS feeds, for those who read it in a feed reader. */
export function FeedLink({ href, label }: { href: string; label: string }) {
  return (
    <p className="text-sm">
      <a href={href} type="application/rss+xml">
        {label}
      </a>
    </p>
  );
}
