import type { Config } from "../config";
import { LocalDiskStorage } from "./local-disk";
import { S3Storage } from "./s3";
import type { Storage } from "./storage";

/** The bucket when S3_BUCKET is set, otherwise UPLOADS_DIR on local disk (docs/architecture.md §1). */
export function storageFor(config: Pick<Config, "s3" | "uploadsDir">): Storage {
  return config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(config.uploadsDir);
}
