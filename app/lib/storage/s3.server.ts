import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import { assertKey, assertPrefix, byKey, isValidKey, publicUrlFor, type FileInfo, type Storage, type StoredFile } from "./storage.server";

export interface S3Settings {
  /** An S3-compatible service (MinIO, R2, Hetzner, …); null for Amazon's own. */
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Deletes run one request per file (see deletePrefix); this many at a time. */
const DELETE_CONCURRENCY = 8;

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

/** Files as objects in one bucket, the key as the object key. */
export function createS3Storage(settings: S3Settings): Storage {
  // The SDK is large; a site that stores on disk never loads it.
  let loading: Promise<{ client: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> | null = null;
  function connect() {
    loading ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: settings.endpoint ?? undefined,
        region: settings.region,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        // Most S3-compatible services (and the test stand-in) do not answer bucket subdomains.
        forcePathStyle: true,
        // Newer SDKs add CRC32 checksums to every request; several S3-compatible services (and the
        // test stand-in) refuse them, and TLS already guards the bytes in transit.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    }));
    return loading;
  }

  const Bucket = settings.bucket;

  /** The bucket's objects under the prefix (all without one), a page of up to 1,000 at a time. */
  async function* objects(prefix: string | undefined) {
    const { client, sdk } = await connect();
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      yield* page.Contents ?? [];
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  const storage: Storage = {
    async put(key, bytes, contentType) {
      assertKey(key);
      const { client, sdk } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }));
    },

    async get(key): Promise<StoredFile | null> {
      assertKey(key);
      const { client, sdk } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return null;
        // In Node the body is a Readable already; the check keeps a runtime without one honest.
        const body = answer.Body instanceof Readable ? answer.Body : Readable.fromWeb(answer.Body.transformToWebStream() as never);
        return {
          body,
          contentType: answer.ContentType ?? "application/octet-stream",
          size: answer.ContentLength,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertKey(key);
      const { client, sdk } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },

    async list(prefix) {
      assertPrefix(prefix);
      const keys: string[] = [];
      for await (const object of objects(prefix)) if (object.Key) keys.push(object.Key);
      return keys.sort();
    },

    async listFiles(prefix) {
      if (prefix !== undefined) assertPrefix(prefix);
      const files: FileInfo[] = [];
      for await (const object of objects(prefix)) {
        if (!isValidKey(object.Key)) continue;
        // A service that gives no time makes the file new: nothing removes a file for its age then.
        files.push({ key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date() });
      }
      return files.sort(byKey);
    },

    async deletePrefix(prefix) {
      // One DeleteObject per file rather than DeleteObjects: the batch call must carry a checksum
      // (Content-MD5 or CRC32), which not every S3-compatible service takes; the prefixes we
      // delete hold a handful of files.
      const keys = await storage.list(prefix);
      for (let i = 0; i < keys.length; i += DELETE_CONCURRENCY) {
        await Promise.all(keys.slice(i, i + DELETE_CONCURRENCY).map((key) => storage.delete(key)));
      }
    },

    publicUrl: publicUrlFor,
  };
  return storage;
}
