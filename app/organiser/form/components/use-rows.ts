import { useState } from "react";

/**
 * The rows of a list in the form (dates, cancelled dates). Without JavaScript there are `plain`
 * rows to fill in, and two empty ones after the last filled when more are in use (so that a saved
 * list can still grow), up to `limit`; with it, the rows that hold something (at least `minimum`)
 * and a button for one more. A row keeps its index, so its field names and messages stay its own
 * when a row before it goes: the schema ignores empty rows and gaps.
 */
export function useRows({ hydrated, filled, plain, minimum, limit }: { hydrated: boolean; filled: number[]; plain: number; minimum: number; limit: number }) {
  const [changed, setChanged] = useState<number[] | null>(null);
  const last = Math.max(-1, ...filled);
  const start = [...filled];
  for (let next = last + 1; start.length < minimum; next++) start.push(next);
  const rows = !hydrated ? range(Math.max(plain, Math.min(limit, last + 3))) : (changed ?? start);
  return {
    rows,
    /** Adds a row after the last and gives its index. */
    add(): number {
      const next = Math.max(-1, ...rows) + 1;
      setChanged([...rows, next]);
      return next;
    },
    remove(index: number) {
      setChanged(rows.filter((row) => row !== index));
    },
  };
}

export function range(count: number): number[] {
  return Array.from({ length: Math.max(0, count) }, (_, index) => index);
}
