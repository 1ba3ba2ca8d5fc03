import { mkdtemp, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "../../app/lib/storage/index.server";

export interface S3StandIn {
  /** Settings for the S3 driver, pointing at the stand-in's one bucket. */
  settings: S3Settings;
  /** Makes an object look written at that time: s3rver gives the time of the file it keeps the object in. */
  backdate(key: string, when: Date): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver) on a free port of 127.0.0.1, keeping its objects in a
 * fresh temporary folder, with one empty bucket. s3rver takes any key pair it is given.
 */
export async function startS3StandIn(bucket = "loppeguiden-test"): Promise<S3StandIn> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "lg-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      bucket,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    },
    backdate: async (key, when) => {
      const parts = key.split("/");
      const file = path.join(directory, bucket, ...parts.slice(0, -1), `${parts.at(-1)}._S3rver_object`);
      await utimes(file, when, when);
    },
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
