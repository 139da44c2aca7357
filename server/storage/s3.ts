import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Config } from "../config";
import { ABANDONED_UPLOAD_MS, assertValidKey, type ByteRange, type Storage, StoredObjectNotFound, type StoredObject } from "./storage";

export type S3Settings = NonNullable<Config["s3"]>;

// An upload holds about (queueSize + 1) parts in memory at once: ~24 MiB whatever the file's size.
// 8 MiB parts allow objects up to 80 GB (S3's limit is 10,000 parts).
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);
}

/**
 * Objects in an S3 bucket, or any S3-compatible store (MinIO, R2, s3rver in tests) at `endpoint`.
 * The SDK's checksum defaults are kept (a CRC32 with every upload request, checked on downloads
 * that carry one): AWS verifies them and s3rver ignores them, so no `requestChecksumCalculation`
 * override is needed. Upload sends each part as a buffer of known length, never an aws-chunked body.
 * A store that refuses the checksum headers is served by AWS_REQUEST_CHECKSUM_CALCULATION=WHEN_REQUIRED,
 * which the SDK reads itself.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      // Without explicit keys, the SDK's default chain: environment, profile, instance or task role.
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      // Compatible stores serve buckets by path; AWS itself (no endpoint) keeps virtual-hosted style.
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    });
  }

  /**
   * Streams the body in parts as it arrives, so a 1000 MB video never sits in memory. S3 publishes an
   * object only when its upload completes, and a failed multipart upload is aborted (its parts freed).
   */
  async put(key: string, body: Readable): Promise<StoredObject> {
    assertValidKey(key);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const streamed = pipeline(body, counter);
    const upload = new Upload({ client: this.client, params: { Bucket: this.bucket, Key: key, Body: counter }, partSize: PART_SIZE, queueSize: QUEUE_SIZE });
    const uploaded = upload.done().catch((error: unknown) => {
      // Stop reading the body when the bucket gave up first (pipeline then destroys the body too).
      counter.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
    const [source, target] = await Promise.allSettled([streamed, uploaded]);
    if (source.status === "rejected" || target.status === "rejected") {
      // The last request may have completed on S3's side even though we saw it fail; keys are never
      // reused for other content, so removing whatever is there is safe. Best effort: when the
      // bucket is unreachable this fails too, and the upload's own error is the one worth reporting.
      await this.delete(key).catch(() => undefined);
      // The body's error first: it says why (client gone, file too large: receiveUpload answers 413 by
      // its code), where the SDK's would only echo it or report a failed abort.
      throw source.status === "rejected" ? source.reason : (target as PromiseRejectedResult).reason;
    }
    return { size };
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    try {
      const { Body } = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      if (!(Body instanceof Readable)) throw new Error(`S3 answered ${key} without a readable body`);
      return Body;
    } catch (error) {
      if (isNotFound(error)) throw new StoredObjectNotFound(key, { cause: error });
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** S3 answers a delete of a missing key with success, as the local driver does. */
  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * Aborts multipart uploads with no part for ABANDONED_UPLOAD_MS (a crash mid-upload; S3 keeps and
   * bills their parts until then). An upload in flight sends a part every two minutes at the slowest,
   * so another instance's is never touched. A bucket lifecycle rule (AbortIncompleteMultipartUpload)
   * is the backstop for a store nobody restarts.
   */
  async sweepIncomplete(): Promise<number> {
    const abandonedBefore = Date.now() - ABANDONED_UPLOAD_MS;
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }));
      for (const { Key, UploadId, Initiated } of page.Uploads ?? []) {
        if (!Key || !UploadId || (Initiated && Initiated.getTime() > abandonedBefore)) continue;
        if ((await this.lastActivity(Key, UploadId, Initiated)) > abandonedBefore) continue;
        // A resumable (tus) upload waits for its client for hours, beside its `.info`: the upload sweep task removes it once expired.
        if (await this.hasResumableInfo(Key)) continue;
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId }));
        removed += 1;
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker !== undefined);
    return removed;
  }

  private async hasResumableInfo(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: `${key}.info` }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** When the upload last received a part (or began, with none). */
  private async lastActivity(key: string, uploadId: string, initiated: Date | undefined): Promise<number> {
    let latest = initiated?.getTime() ?? 0;
    let marker: string | undefined;
    do {
      const page = await this.client.send(new ListPartsCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }));
      for (const part of page.Parts ?? []) latest = Math.max(latest, part.LastModified?.getTime() ?? 0);
      marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (marker !== undefined);
    return latest;
  }
}
