import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { loadConfig } from "../../app/lib/config.server";
import { createDiskStorage, createS3Storage, createStorage, type Storage } from "../../app/lib/storage/index.server";
import { createExpressApp } from "../../server/express-app";
import { startS3StandIn, type S3StandIn } from "../support/s3-stand-in";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

// Storage does not touch the database: the file runs once, in the SQLite project (vitest.config.ts).
// The /billeder test at the end needs a database only because the Express app is made with one.
const { kind } = inject("testDatabase");

const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]);

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

let tempDir: string;
let standIn: S3StandIn;

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(os.tmpdir(), "lg-storage-"));
  standIn = await startS3StandIn();
});

afterAll(async () => {
  await standIn?.stop();
  await rm(tempDir, { recursive: true, force: true });
});

/** A driver, and how a test makes one of its files look written at an earlier time. */
type Backdate = (key: string, when: Date) => Promise<void>;
const drivers: [string, () => Storage, Backdate][] = [
  ["disk", () => createDiskStorage(path.join(tempDir, "disk")), (key, when) => utimes(path.join(tempDir, "disk", ...key.split("/")), when, when)],
  ["s3 (s3rver)", () => createS3Storage(standIn.settings), (key, when) => standIn.backdate(key, when)],
];

describe.each(drivers)(`storage, %s driver (${kind} project)`, (_name, make, backdate) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it("puts a file and gets the same bytes and content type back", async () => {
    await storage.put("avatars/u1/abc-256.webp", WEBP, "image/webp");
    const file = await storage.get("avatars/u1/abc-256.webp");
    expect(file).not.toBeNull();
    expect(file!.contentType).toBe("image/webp");
    expect(file!.size).toBe(WEBP.length);
    expect(new Uint8Array(await readAll(file!.body))).toEqual(WEBP);
  });

  it("replaces a file put twice under one key", async () => {
    await storage.put("notes/a.txt", new TextEncoder().encode("first"), "text/plain; charset=utf-8");
    await storage.put("notes/a.txt", new TextEncoder().encode("second"), "text/plain; charset=utf-8");
    expect((await readAll((await storage.get("notes/a.txt"))!.body)).toString()).toBe("second");
  });

  it("answers null for a missing key, and for a key that is a folder", async () => {
    expect(await storage.get("avatars/u1/none-256.webp")).toBeNull();
    expect(await storage.get("avatars/u1")).toBeNull();
    expect(await storage.get("nowhere/at/all.webp")).toBeNull();
  });

  it("gives the /billeder address of a key", () => {
    expect(storage.publicUrl("avatars/u1/abc-256.webp")).toBe("/billeder/avatars/u1/abc-256.webp");
  });

  it("deletes a file, and deleting a missing one is no error", async () => {
    await storage.put("gone/x.webp", WEBP, "image/webp");
    await storage.delete("gone/x.webp");
    expect(await storage.get("gone/x.webp")).toBeNull();
    await expect(storage.delete("gone/x.webp")).resolves.toBeUndefined();
  });

  it("lists and deletes by prefix without touching neighbours", async () => {
    await storage.put("avatars/u2/k1-256.webp", WEBP, "image/webp");
    await storage.put("avatars/u2/k1-96.webp", WEBP, "image/webp");
    await storage.put("avatars/u2/k2-256.webp", WEBP, "image/webp");
    await storage.put("avatars/u22/k9-256.webp", WEBP, "image/webp");

    expect(await storage.list("avatars/u2/")).toEqual(["avatars/u2/k1-256.webp", "avatars/u2/k1-96.webp", "avatars/u2/k2-256.webp"]);
    expect(await storage.list("avatars/u2/k1-")).toEqual(["avatars/u2/k1-256.webp", "avatars/u2/k1-96.webp"]);
    expect(await storage.list("avatars/u2")).toContain("avatars/u22/k9-256.webp");
    expect(await storage.list("avatars/nobody/")).toEqual([]);

    await storage.deletePrefix("avatars/u2/k1-");
    expect(await storage.list("avatars/u2/")).toEqual(["avatars/u2/k2-256.webp"]);

    await storage.deletePrefix("avatars/u2/");
    expect(await storage.list("avatars/u2/")).toEqual([]);
    expect(await storage.list("avatars/u22/")).toEqual(["avatars/u22/k9-256.webp"]);
    const kept = await storage.get("avatars/u1/abc-256.webp");
    expect(kept).not.toBeNull();
    kept!.body.destroy();
  });

  it("lists files with their size and when they were written, under a prefix or the whole store", async () => {
    // S3 gives whole seconds.
    const before = Math.floor(Date.now() / 1000) * 1000;
    await storage.put("listing/a/one.webp", WEBP, "image/webp");
    await storage.put("listing/a/two.txt", new TextEncoder().encode("fem b"), "text/plain; charset=utf-8");
    await storage.put("listing/b.webp", WEBP, "image/webp");
    await backdate("listing/a/one.webp", new Date("2024-03-01T10:00:00Z"));

    const files = await storage.listFiles("listing/");
    expect(files.map((file) => [file.key, file.size])).toEqual([
      ["listing/a/one.webp", WEBP.length],
      ["listing/a/two.txt", 5],
      ["listing/b.webp", WEBP.length],
    ]);
    expect(files[0]!.modifiedAt.toISOString()).toBe("2024-03-01T10:00:00.000Z");
    for (const file of files.slice(1)) {
      expect(file.modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(file.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect(await storage.listFiles("listing/a/t")).toEqual([files[1]]);
    expect(await storage.listFiles("listing/none/")).toEqual([]);

    // Without a prefix: every file, the folders' too, sorted as list() sorts keys.
    const all = (await storage.listFiles()).map((file) => file.key);
    expect(all).toEqual(expect.arrayContaining(["listing/a/one.webp", "listing/b.webp", "avatars/u1/abc-256.webp", "notes/a.txt"]));
    expect(all).toEqual([...all].sort());

    // Writing a file again makes it new.
    await storage.put("listing/a/one.webp", WEBP, "image/webp");
    expect((await storage.listFiles("listing/a/one.webp"))[0]!.modifiedAt.getTime()).toBeGreaterThanOrEqual(before);

    await expect(storage.listFiles("")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.listFiles("../")).rejects.toThrow(/Invalid storage key/);
  });

  it.each([
    "../escape.webp",
    "avatars/../../escape.webp",
    "avatars/..",
    "/etc/passwd",
    "avatars\\..\\escape.webp",
    "avatars//double.webp",
    "avatars/.hidden",
    "",
    "a/b/",
    "x".repeat(600),
  ])("refuses the key %j", async (key) => {
    await expect(storage.put(key, WEBP, "image/webp")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
    expect(() => storage.publicUrl(key)).toThrow(/Invalid storage key/);
  });

  it("refuses an empty or escaping prefix, so nothing can delete everything or outside", async () => {
    await expect(storage.deletePrefix("")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.deletePrefix("/")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.deletePrefix("../")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.list("avatars/../")).rejects.toThrow(/Invalid storage key/);
  });
});

describe("disk driver", () => {
  it("keeps files inside its folder and leaves no half-written files", async () => {
    const root = path.join(tempDir, "contained", "uploads");
    const storage = createDiskStorage(root);
    await writeFile(path.join(tempDir, "contained-secret.txt"), "secret").catch(() => undefined);
    await storage.put("a/b.webp", WEBP, "image/webp");
    expect(await readdir(path.join(root, "a"))).toEqual(["b.webp"]);
    await expect(storage.get("../contained-secret.txt")).rejects.toThrow(/Invalid storage key/);
  });

  it("lists only what can be a key: no half-written file, no odd name put there by hand", async () => {
    const root = path.join(tempDir, "odd-names");
    const storage = createDiskStorage(root);
    await storage.put("kept/a.webp", WEBP, "image/webp");
    await mkdir(path.join(root, "kept", ".partial"), { recursive: true });
    await writeFile(path.join(root, "kept", ".a.webp.123.tmp"), "half");
    await writeFile(path.join(root, "kept", "med mellemrum.webp"), "odd");
    await writeFile(path.join(root, "kept", ".partial", "x.webp"), "hidden");
    expect((await storage.listFiles()).map((file) => file.key)).toEqual(["kept/a.webp"]);
  });
});

describe("s3 driver", () => {
  /**
   * A bucket listing in pages of two, as S3 answers a long one. s3rver cannot: its continuation
   * tokens use DES, which this Node's OpenSSL no longer offers, so a truncated listing fails there.
   */
  async function pagedBucket(keys: string[]) {
    const requests: string[] = [];
    const server = http.createServer((request, response) => {
      const query = new URL(request.url!, "http://bucket").searchParams;
      requests.push(query.get("continuation-token") ?? "");
      const prefix = query.get("prefix") ?? "";
      const matching = keys.filter((key) => key.startsWith(prefix));
      const from = Number(query.get("continuation-token") ?? 0);
      const page = matching.slice(from, from + 2);
      const truncated = from + 2 < matching.length;
      const contents = page.map((key, at) => `<Contents><Key>${key}</Key><LastModified>2024-03-0${at + 1}T10:00:00.000Z</LastModified><Size>${key.length}</Size></Contents>`);
      response.writeHead(200, { "Content-Type": "application/xml" });
      response.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>paged</Name><Prefix>${prefix}</Prefix>` +
          `<KeyCount>${page.length}</KeyCount><MaxKeys>2</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
          (truncated ? `<NextContinuationToken>${from + 2}</NextContinuationToken>` : "") +
          `${contents.join("")}</ListBucketResult>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const storage = createS3Storage({ ...standIn.settings, endpoint, bucket: "paged" });
    return { storage, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  it("joins the pages of a long listing, and leaves out what is no key", async () => {
    const bucket = await pagedBucket(["paged/1.webp", "paged/2.webp", "paged/3.webp", "paged/", "paged/4 med mellemrum.webp"]);
    try {
      const files = await bucket.storage.listFiles("paged/");
      expect(files).toEqual([
        { key: "paged/1.webp", size: 12, modifiedAt: new Date("2024-03-01T10:00:00.000Z") },
        { key: "paged/2.webp", size: 12, modifiedAt: new Date("2024-03-02T10:00:00.000Z") },
        { key: "paged/3.webp", size: 12, modifiedAt: new Date("2024-03-01T10:00:00.000Z") },
      ]);
      expect(bucket.requests).toEqual(["", "2", "4"]);
      expect(await bucket.storage.list("paged/")).toHaveLength(5);
    } finally {
      await bucket.close();
    }
  });
});

describe("storage settings", () => {
  const base = { DATA_DIR: "/tmp/lg-storage-config", SESSION_SECRET: "test" };

  it("uses STORAGE_DIR when no bucket is named", () => {
    const config = loadConfig({ ...base, STORAGE_DIR: "/tmp/lg-storage-config/files" });
    expect(config.storage).toEqual({ driver: "disk", dir: "/tmp/lg-storage-config/files" });
  });

  it("uses the bucket when S3_BUCKET is set", () => {
    const config = loadConfig({
      ...base,
      S3_BUCKET: "loppeguiden-billeder",
      S3_ENDPOINT: "https://s3.example.net/",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(config.storage).toEqual({
      driver: "s3",
      endpoint: "https://s3.example.net",
      region: "us-east-1",
      bucket: "loppeguiden-billeder",
      accessKeyId: "id",
      secretAccessKey: "secret",
    });
    expect(createStorage(config).publicUrl("a/b.webp")).toBe("/billeder/a/b.webp");
  });

  it("refuses half a bucket configuration in Danish", () => {
    expect(() => loadConfig({ ...base, S3_ENDPOINT: "https://s3.example.net" })).toThrow("S3_ENDPOINT er sat, men S3_BUCKET mangler");
    expect(() => loadConfig({ ...base, S3_BUCKET: "billeder" })).toThrow(/S3_ACCESS_KEY_ID og S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...base, S3_BUCKET: "Billeder_1", S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b" })).toThrow(/gyldigt bucket-navn/);
    expect(() => loadConfig({ ...base, S3_BUCKET: "billeder", S3_ENDPOINT: "s3.example.net", S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b" })).toThrow(
      /S3_ENDPOINT skal være en http- eller https-adresse/,
    );
  });
});

describe.each(drivers)(`GET /billeder/… from the %s driver on ${kind}`, (_name, make) => {
  let database: TestDatabase;
  let server: http.Server;
  let origin: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const storage = make();
    await storage.put("avatars/served/key-256.webp", WEBP, "image/webp");
    const app = createExpressApp({
      build: () => Promise.reject(new Error("no pages in this test")),
      appDatabase: database,
      config: loadConfig({ DATA_DIR: path.join(tempDir, "server-data"), SESSION_SECRET: "test" }),
      logger: pino({ level: "silent" }),
      storage,
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await database?.destroy();
  });

  it("serves a stored file with its type and the immutable cache header", async () => {
    const response = await fetch(`${origin}/billeder/avatars/served/key-256.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=2592000, immutable");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(WEBP);
  });

  it("answers HEAD without a body", async () => {
    const response = await fetch(`${origin}/billeder/avatars/served/key-256.webp`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(WEBP.length));
  });

  it("answers 404 for a missing key", async () => {
    const response = await fetch(`${origin}/billeder/avatars/served/none-256.webp`);
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).not.toContain("immutable");
  });

  // Sent as written: fetch would resolve the dot segments before the request left.
  function rawGet(address: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const { hostname, port } = new URL(origin);
      http
        .get({ hostname, port, path: address }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on("error", reject);
    });
  }

  it.each([
    "/billeder/",
    "/billeder/../secret",
    "/billeder/%2e%2e/secret",
    "/billeder/a/%2e%2e/%2e%2e/etc/passwd",
    "/billeder/a%2F..%2F..%2Fetc",
    "/billeder/a/.hidden",
    "/billeder/a%5Cb",
    "/billeder/a%00b.webp",
  ])("answers 404, never 500, for the odd address %s", async (address) => {
    expect(await rawGet(address)).toBe(404);
  });

  it("answers 400 for a malformed escape, as Express does everywhere", async () => {
    expect(await rawGet("/billeder/%E0%A4%A")).toBe(400);
  });

  it("answers 405 to a method other than GET", async () => {
    const response = await fetch(`${origin}/billeder/avatars/served/key-256.webp`, { method: "DELETE" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });
});
