import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { removeUnreferencedFiles } from "~/lib/images/remove-unreferenced.server";
import { copyStoredFile } from "~/lib/storage/copy-file.server";
import type { Storage } from "~/lib/storage/index.server";
import { isPrivateKey } from "~/lib/storage/private-keys";
import type { SnapshotImage } from "./snapshot";
import { contentKeyOf, imageFileKeys } from "./image-files.server";

/*
 * A picture is public once a public market shows it (decision 0027). Until then its files live
 * under "private/{ownerId}/…", where only the owner and the admins can open them; the write that
 * first makes a public market show it (a trusted person's change, an approval, a trusted
 * submission) copies its files to "markets/{marketId}/{hash}" and names those in the rows. So the
 * address alone says who may see a file, and a public copy is only ever of a reviewed picture.
 */

/** Where a market's public pictures live: the same content key, in the market's public folder. */
export function publicPictureKey(marketId: string, storageKey: string): string {
  return `markets/${marketId}/${contentKeyOf(storageKey)}`;
}

export interface PublishedPictures {
  /** The list, with every private picture named by its public copy. */
  images: SnapshotImage[];
  /** The private pictures that were copied: their files may go once nothing names them. */
  replaced: SnapshotImage[];
  /** The public copies made, to remove again should the write that shows them not commit. */
  copies: SnapshotImage[];
}

/** Copies the private pictures of `images` to the market's public folder; public ones stay as they are. */
export async function publishPictures(store: Storage, marketId: string, images: readonly SnapshotImage[]): Promise<PublishedPictures> {
  const replaced: SnapshotImage[] = [];
  const copies: SnapshotImage[] = [];
  const published: SnapshotImage[] = [];
  for (const image of images) {
    if (!isPrivateKey(image.storageKey)) {
      published.push(image);
      continue;
    }
    const copy = { ...image, storageKey: publicPictureKey(marketId, image.storageKey) };
    const targets = imageFileKeys(copy);
    await Promise.all(imageFileKeys(image).map((from, index) => copyStoredFile(store, from, targets[index]!)));
    replaced.push(image);
    copies.push(copy);
    published.push(copy);
  }
  return { images: published, replaced, copies };
}

/** The file keys of these pictures. */
export function filesOf(images: readonly SnapshotImage[]): string[] {
  return images.flatMap(imageFileKeys);
}

/**
 * The publishing of one write: `publish` inside its transaction copies what the public market will
 * show; `around` the write removes those copies again when it does not commit, and the private
 * originals once it has (each only when nothing names it: referenced-files.server.ts).
 */
export class PicturePublishing {
  readonly #db: Kysely<Database>;
  readonly #store: Storage | undefined;
  readonly #copies: SnapshotImage[] = [];
  readonly #replaced: SnapshotImage[] = [];

  constructor(db: Kysely<Database>, store: Storage | undefined) {
    this.#db = db;
    this.#store = store;
  }

  /** The list as the public market shows it: private pictures copied to its public folder. */
  async publish(marketId: string, images: readonly SnapshotImage[]): Promise<SnapshotImage[]> {
    if (!images.some((image) => isPrivateKey(image.storageKey))) return [...images];
    if (!this.#store) throw new Error("Publishing pictures needs the store they are kept in");
    const published = await publishPictures(this.#store, marketId, images);
    this.#copies.push(...published.copies);
    this.#replaced.push(...published.replaced);
    return published.images;
  }

  async around<T>(write: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await write();
    } catch (error) {
      await this.#drop(this.#copies);
      throw error;
    }
    await this.#drop(this.#replaced);
    return result;
  }

  async #drop(images: readonly SnapshotImage[]): Promise<void> {
    if (images.length && this.#store) await removeUnreferencedFiles(this.#db, this.#store, filesOf(images));
  }
}
