import { randomUUID } from "node:crypto";
import { mkdir, rename } from "node:fs/promises";
import path from "node:path";
import {
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  AbortMultipartUploadCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import { type DataStore, ERRORS, type KvStore } from "@tus/server";
import type { Config } from "../../config";
import type { Storage } from "../../storage/storage";
import type { S3Settings } from "../../storage/s3";

/**
 * Where tus uploads live until complete (docs/decisions/0036-resumable-uploads.md). On local disk,
 * @tus/file-store's files in UPLOADS_DIR/tus (a shared disk serves every instance), renamed into
 * their kind's folder once complete: no copy. In a bucket, @tus/s3-store's multipart upload is
 * made under the final key itself, so completing it is the object; its `.info` then goes.
 * Either way the upload's state is in the store, never in one instance's memory: it survives a
 * restart, and another instance carries it on.
 */
export interface ResumableStore {
  datastore: DataStore;
  /** The id of a new upload whose file will live in `folder` (report, media, map-layers). */
  newId(folder: string): string;
  /** The upload's id as its URL names it (the last segment of /api/uploads/…), and back. */
  urlIdOf(id: string): string;
  idOfUrl(urlId: string): string | undefined;
  /** The storage key under which a complete upload's bytes can be read (to check them before they are kept). */
  bytesKey(id: string): string;
  /** Makes the complete upload's bytes the object of its kind, answering its key; the upload itself is then gone. */
  settle(id: string): Promise<string>;
  /** Removes the upload, bytes and info, whether complete or not. */
  discard(id: string): Promise<void>;
  /** Removes uploads begun more than the expiry ago and never finished; answers how many. */
  sweepExpired(): Promise<number>;
}

// "<folder>_<uuid>": the folder travels in the id, so the file's final key needs no lookup.
const URL_ID = /^(report|media|map-layers)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The folder of a key-to-be ("media/<uuid>"), or of an upload's URL id. */
const parts = (urlId: string) => URL_ID.exec(urlId);

/** The folder in UPLOADS_DIR that holds uploads in progress; no key of a kept file begins with it. */
const TUS_FOLDER = "tus";

/** Uploads on the local disk (UPLOADS_DIR/tus): ids are "<folder>_<uuid>" file names. */
class DiskResumableStore implements ResumableStore {
  readonly datastore: FileStore;
  private readonly directory: string;

  constructor(
    private readonly storage: Storage,
    uploadsDir: string,
    expiryMs: number,
  ) {
    this.directory = path.join(uploadsDir, TUS_FOLDER);
    this.datastore = new FileStore({ directory: this.directory, expirationPeriodInMilliseconds: expiryMs });
  }

  newId(folder: string): string {
    return `${folder}_${randomUUID()}`;
  }

  urlIdOf(id: string): string {
    return id;
  }

  idOfUrl(urlId: string): string | undefined {
    return parts(urlId) ? urlId : undefined;
  }

  bytesKey(id: string): string {
    return `${TUS_FOLDER}/${id}`;
  }

  async settle(id: string): Promise<string> {
    const match = parts(id);
    if (!match || !this.storage.localPath) throw new Error(`cannot settle upload ${id} on this store`);
    const key = `${match[1]}/${match[2]}`;
    const target = this.storage.localPath(key);
    await mkdir(path.dirname(target), { recursive: true });
    // One rename on the same disk: a complete 1000 MB upload is kept at once, not copied.
    await rename(path.join(this.directory, id), target);
    await this.datastore.configstore.delete(id);
    return key;
  }

  async discard(id: string): Promise<void> {
    await this.datastore.remove(id).catch((error: unknown) => {
      if (error !== ERRORS.FILE_NOT_FOUND) throw error;
    });
    // A crash between a rename and this info's removal leaves the info alone.
    await this.datastore.configstore.delete(id).catch(() => undefined);
  }

  sweepExpired(): Promise<number> {
    return this.datastore.deleteExpired();
  }
}

const PARTS_IN_FLIGHT = 4;

/** Every read of an upload's info goes to the bucket: another instance may have changed it (no per-instance cache). */
const noCache: KvStore<never> = { get: async () => undefined, set: async () => undefined, delete: async () => undefined };

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === "NotFound" || error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404);
}

/** Uploads in the bucket: ids are the final keys ("media/<uuid>"), the multipart upload being made there. */
class BucketResumableStore implements ResumableStore {
  readonly datastore: S3Store;
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    private readonly expiryMs: number,
  ) {
    const clientConfig = {
      region: settings.region,
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    };
    // No tags: they serve a bucket lifecycle rule, and the sweep task does that work here. Checksums
    // only where S3 requires them: @tus/s3-store sends each part as a file stream, which the SDK
    // would otherwise wrap in an aws-chunked body with a CRC trailer; S3-compatible stores that do
    // not decode it (s3rver, some others) would keep the chunk markers in the object.
    const s3ClientConfig = { ...clientConfig, bucket: settings.bucket, requestChecksumCalculation: "WHEN_REQUIRED" as const };
    // A few parts in flight at once, as S3Storage keeps (its 8 MiB parts): @tus/s3-store's default of 60 held a quarter of a GB.
    this.datastore = new S3Store({
      s3ClientConfig,
      expirationPeriodInMilliseconds: expiryMs,
      useTags: false,
      cache: noCache,
      maxConcurrentPartUploads: PARTS_IN_FLIGHT,
    });
    this.client = new S3Client(clientConfig);
  }

  newId(folder: string): string {
    return `${folder}/${randomUUID()}`;
  }

  urlIdOf(id: string): string {
    return id.replace("/", "_");
  }

  idOfUrl(urlId: string): string | undefined {
    const match = parts(urlId);
    return match ? `${match[1]}/${match[2]}` : undefined;
  }

  bytesKey(id: string): string {
    return id;
  }

  async settle(id: string): Promise<string> {
    await this.client.send(new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: [{ Key: `${id}.info` }, { Key: `${id}.part` }] } }));
    return id;
  }

  async discard(id: string): Promise<void> {
    await this.datastore.remove(id).catch(async (error: unknown) => {
      // A completed multipart upload has no upload to abort: the object and its info go by hand.
      if (error !== ERRORS.FILE_NOT_FOUND && !isNotFound(error)) throw error;
    });
    await this.client.send(
      new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }] } }),
    );
  }

  /**
   * @tus/s3-store's own deleteExpired would abort every old multipart upload in the bucket; this
   * one aborts only uploads that have a tus `.info` beside them, leaving S3Storage's to its own sweep.
   */
  async sweepExpired(): Promise<number> {
    const expiredBefore = Date.now() - this.expiryMs;
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({ Bucket: this.settings.bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }),
      );
      for (const { Key, UploadId, Initiated } of page.Uploads ?? []) {
        if (!Key || !UploadId || !Initiated || Initiated.getTime() > expiredBefore) continue;
        if (!(await isResumableUpload(this.client, this.settings.bucket, Key))) continue;
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.settings.bucket, Key, UploadId }));
        await this.client.send(
          new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: [{ Key: `${Key}.info` }, { Key: `${Key}.part` }] } }),
        );
        removed += 1;
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker !== undefined);
    return removed;
  }
}

/** Whether the multipart upload at `key` is a tus upload (it has its `.info` beside it), not one of S3Storage's. */
async function isResumableUpload(client: S3Client, bucket: string, key: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket: bucket, Key: `${key}.info` }));
    return true;
  } catch (error) {
    if (isNotFound(error)) return false;
    throw error;
  }
}

/** The bucket's store when S3_BUCKET is set, else UPLOADS_DIR's (the same choice as the app's Storage). */
export function resumableStoreFor(config: Pick<Config, "s3" | "uploadsDir" | "uploadExpiryMs">, storage: Storage): ResumableStore {
  return config.s3 ? new BucketResumableStore(config.s3, config.uploadExpiryMs) : new DiskResumableStore(storage, config.uploadsDir, config.uploadExpiryMs);
}
