import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ABANDONED_UPLOAD_MS, assertValidKey, type ByteRange, type Storage, StoredObjectNotFound, type StoredObject } from "./storage";

// A folder of .incoming per process: "<host>~<pid>~<random>", so a start can tell a crashed
// process's partial files (same host, pid gone or now its own) from another instance's uploads.
const SEPARATOR = "~";

const READ_CHUNK = 1024 * 1024;

// This process's own folders (one per store opened): never swept, even with its own pid.
const liveFolders = new Set<string>();

function isProcessGone(pid: number): boolean {
  // Our own pid on a folder not ours: a previous process that had it (pid 1 in a restarted container).
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * Files under UPLOADS_DIR. A file is written to a temporary name (in .incoming, in this process's
 * own folder) and renamed into place only when complete, so a failed or aborted upload never leaves
 * a partial file under its key, a crash leaves one only in .incoming, and several instances may
 * share the folder.
 */
export class LocalDiskStorage implements Storage {
  private readonly incomingDir: string;
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.incomingDir = path.join(root, ".incoming");
    this.tmpDir = path.join(this.incomingDir, [os.hostname(), process.pid, randomUUID()].join(SEPARATOR));
    liveFolders.add(this.tmpDir);
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
    // 1 MiB chunks, not the default 64 KiB: a whole-job ZIP runs about three times faster (docs/decisions/0031-job-zip-downloads.md).
    return file.createReadStream({ highWaterMark: READ_CHUNK, ...(range ? { start: range.start, end: range.end } : {}) });
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      return { size: (await stat(this.pathOf(key))).size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /**
   * A crashed process's folder on this host goes whole; elsewhere (another instance's folder, or a
   * host sharing the disk) only files untouched for ABANDONED_UPLOAD_MS, as an upload in flight
   * writes far more often.
   */
  async sweepIncomplete(): Promise<number> {
    const folders = await readdir(this.incomingDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    let removed = 0;
    for (const folder of folders) {
      const folderPath = path.join(this.incomingDir, folder.name);
      if (liveFolders.has(folderPath)) continue;
      const [host, pid] = folder.name.split(SEPARATOR);
      const files = folder.isDirectory() ? await readdir(folderPath) : [folder.name];
      if (folder.isDirectory() && host === os.hostname() && isProcessGone(Number(pid))) {
        await rm(folderPath, { recursive: true, force: true });
        removed += files.length;
        continue;
      }
      for (const file of files) {
        const filePath = folder.isDirectory() ? path.join(folderPath, file) : folderPath;
        const modified = await stat(filePath).then(
          (info) => info.mtimeMs,
          () => null,
        );
        if (modified !== null && Date.now() - modified > ABANDONED_UPLOAD_MS) {
          await rm(filePath, { force: true });
          removed += 1;
        }
      }
    }
    return removed;
  }
}
