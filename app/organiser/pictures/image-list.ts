import type { SnapshotImage } from "../../revisions/snapshot";

/*
 * The changes a person makes to a market's list of pictures, as new lists: the first picture is
 * the cover. An unknown key leaves the list as it is (null), so the caller can say so.
 */

/** Why a change of a list was not made: the plan's limit, a picture it has already, or one no longer there. */
export type ListRefusal = "limit" | "duplicate" | "gone";

/**
 * A change of a list, given the list as it is when the change is written (inside the transaction
 * that writes it): the new list, or why there is none.
 */
export type ListEdit = (images: SnapshotImage[]) => SnapshotImage[] | ListRefusal;

function indexOf(images: readonly SnapshotImage[], storageKey: string): number {
  return images.findIndex((image) => image.storageKey === storageKey);
}

/** One place towards the front (-1) or the back (+1); at the end already, the same list. */
export function moveImage(images: readonly SnapshotImage[], storageKey: string, step: -1 | 1): SnapshotImage[] | null {
  const from = indexOf(images, storageKey);
  if (from < 0) return null;
  const to = from + step;
  if (to < 0 || to >= images.length) return [...images];
  const next = [...images];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** The picture first (the cover), the others in their order. */
export function makeCover(images: readonly SnapshotImage[], storageKey: string): SnapshotImage[] | null {
  const from = indexOf(images, storageKey);
  if (from < 0) return null;
  return [images[from]!, ...images.filter((_, index) => index !== from)];
}

export function removeImage(images: readonly SnapshotImage[], storageKey: string): SnapshotImage[] | null {
  if (indexOf(images, storageKey) < 0) return null;
  return images.filter((image) => image.storageKey !== storageKey);
}

/**
 * The pictures in the order given by their keys (a drag): only when the keys are exactly the
 * list's own, each once. Anything else (a picture added or deleted in another tab, a key of another
 * market's picture) is null.
 */
export function reorderImages(images: readonly SnapshotImage[], keys: readonly string[]): SnapshotImage[] | null {
  if (keys.length !== images.length || new Set(keys).size !== keys.length) return null;
  const byKey = new Map(images.map((image) => [image.storageKey, image]));
  const next = keys.map((key) => byKey.get(key));
  return next.every((image) => image !== undefined) ? next : null;
}
