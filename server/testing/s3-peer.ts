import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "../storage/s3";

const BUCKET = "skyvantage-test";
// s3rver checks request signatures against these fixed keys.
const KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface S3Peer {
  settings: S3Settings;
  /** The same bucket as S3_* variables, for building the app from configuration. */
  env: Record<string, string>;
  /** Every key in the bucket, for checking that nothing was left behind. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/** An S3-compatible server on 127.0.0.1 (a free port, its own folder) with one empty bucket. */
export async function startS3Peer(): Promise<S3Peer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "skyvantage-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", directory, silent: true, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = { bucket: BUCKET, endpoint, region: "us-east-1", credentials: KEYS };
  const client = new S3Client({ ...settings, forcePathStyle: true });
  return {
    settings,
    env: { S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey },
    keys: async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listed.Contents ?? []).map((object) => object.Key ?? "");
    },
    close: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
