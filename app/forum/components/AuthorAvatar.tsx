import type { AuthorView } from "../views";

/** An author's picture, or the first letter of their forum name on a green disc. */
export function AuthorAvatar({ author }: { author: AuthorView }) {
  if (author.avatar) {
    return (
      <img src={author.avatar.src} srcSet={author.avatar.srcSet} sizes="48px" width={48} height={48} alt="" loading="lazy" className="size-12 shrink-0 rounded-full object-cover" />
    );
  }
  return (
    <span aria-hidden="true" className="grid size-12 shrink-0 place-items-center rounded-full bg-emerald-800 text-xl font-bold text-white dark:bg-emerald-300 dark:text-stone-950">
      {author.name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}
