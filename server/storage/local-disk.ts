import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertValidKey, type ByteRange, type Storage, StoredObjectNotFound, type StoredObject } from "./storage";

/**
 * Files under UPLOADS_DIR. A file is written to a temporary name and renamed into place only
 * when complete, so a failed or aborted upload never leaves a partial file under its key, and
 * several instances may share the folder.
 */
export class LocalDiskStorage implements Storage {
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, ".incoming");
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable): Promise<StoredObject> {
    const target = this.pathOf(key);
    await mkdir(this.tmpDir, { recursive: true });
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = path.join(this.tmpDir, randomUUID());
    try {
      await pipeline(body, createWriteStream(temporary, { flags: "wx" }));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { size: (await stat(target)).size };
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    // Opened before the stream is returned, so a missing file rejects here as it does in a bucket.
    const file = await open(this.pathOf(key)).catch((error: NodeJS.ErrnoException) => {
      throw error.code === "ENOENT" ? new StoredObjectNotFound(key, { cause: error }) : error;
    });
    return file.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      return { size: (await stat(this.pathOf(key))).size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
