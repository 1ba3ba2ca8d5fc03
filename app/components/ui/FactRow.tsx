import type { ReactNode } from "react";

/**
 * One fact in a <dl>: its label beside its value from the small breakpoint up, above it on a
 * phone. "dense" for facts inside a list item (the admin log's entries), the others for a page's
 * or a card's own facts (a claim, a person).
 */
export function FactRow({ label, dense = false, children }: { label: string; dense?: boolean; children: ReactNode }) {
  return (
    <div className={dense ? "sm:grid sm:grid-cols-[9rem_1fr] sm:gap-3" : "py-2 sm:grid sm:grid-cols-[11rem_1fr] sm:gap-4"}>
      <dt className="font-semibold">{label}</dt>
      <dd className={dense ? "min-w-0 break-words" : "mt-1 min-w-0 break-words sm:mt-0"}>{children}</dd>
    </div>
  );
}
