import type { ReactNode } from "react";

/**
 * One part of a page of forms (the settings, a market's control panel): a heading for the page's
 * outline, a line on what it is for, its content; "danger" for what cannot be undone.
 */
export function PanelSection({
  id,
  heading,
  intro,
  tone = "normal",
  children,
}: {
  id: string;
  heading: string;
  intro?: ReactNode;
  tone?: "normal" | "danger";
  children: ReactNode;
}) {
  const border = tone === "danger" ? "border-red-700 dark:border-red-400" : "border-stone-300 dark:border-stone-700";
  return (
    <section id={id} aria-labelledby={`${id}-overskrift`} className={`scroll-mt-4 rounded-2xl border bg-white p-4 sm:p-6 dark:bg-stone-900 ${border}`}>
      <h2 id={`${id}-overskrift`} className="text-xl font-bold">
        {heading}
      </h2>
      {intro ? <div className="mt-1 text-stone-700 dark:text-stone-300">{intro}</div> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A message about a post that belongs to no one field of the form (a refused request, a library failure). */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-4 rounded-lg border border-red-700 bg-red-50 p-3 font-medium text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100">
      {message}
    </p>
  );
}
