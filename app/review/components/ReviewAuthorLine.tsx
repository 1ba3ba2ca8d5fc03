import { t } from "~/lib/i18n";

export interface ReviewAuthorView {
  name: string;
  email: string;
  /** "Konto oprettet for 3 dage siden" (review-texts.ts). */
  age: string;
  /** "2 markeder". */
  markets: string;
}

/** Who sent a change, in one line that wraps: name, address, the account's age and its markets. */
export function ReviewAuthorLine({ author, className = "" }: { author: ReviewAuthorView | null; className?: string }) {
  if (!author) return <p className={className}>{t("admin.review.author.deleted")}</p>;
  return (
    <p className={`break-words ${className}`}>
      {t("admin.review.author.sentBy")} <span className="font-semibold text-stone-900 dark:text-stone-50">{author.name}</span> (
      <a href={`mailto:${author.email}`}>{author.email}</a>) · {author.age} · {author.markets}
    </p>
  );
}
