import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, open, truncate, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { findingCrops, jobDocuments, mapLayers, media, reports } from "../db/schema";
import { LocalDiskStorage } from "../storage/local-disk";
import type { ByteRange, Storage } from "../storage/storage";
import type { TestApp } from "./test-app";

/** Local disk that keeps every stream it hands out, so a test can tell which reads were cut short. */
export class SpyStorage extends LocalDiskStorage {
  readonly reads: { key: string; stream: Readable }[] = [];

  constructor(readonly dir: string) {
    super(dir);
  }

  override async read(key: string, range?: ByteRange): Promise<Readable> {
    const stream = await super.read(key, range);
    this.reads.push({ key, stream });
    return stream;
  }
}

const exec = promisify(execFile);

/** Debian's unzip on a saved archive: `-l` lists, `-t` tests every entry's CRC, `-p` prints one entry. */
export async function unzip(args: string[]): Promise<string> {
  const { stdout } = await exec("unzip", args, { maxBuffer: 64 * 1024 * 1024, encoding: "latin1" });
  return stdout;
}

/** The entry names `unzip -Z1` lists, in archive order. */
export const zipNames = async (file: string): Promise<string[]> => (await unzip(["-Z1", file])).split("\n").filter(Boolean);

/** Writes job file rows straight to the database, their bytes to `storage` (or a sparse file of `size` in `root`). */
export function jobFileFactory(t: TestApp, storage: Storage & { dir: string }, owner: { userId: number; uploadedBy: number }) {
  const db = t.database.db;
  const store = async (content: Buffer | number): Promise<{ key: string; size: number }> => {
    const key = `zip-tests/${randomUUID()}`;
    if (typeof content === "number") {
      // Sparse: gigabytes that take no disk, written where the store reads its files.
      const file = path.join(storage.dir, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, "");
      await truncate(file, content);
      return { key, size: content };
    }
    await storage.put(key, Readable.from([content]));
    return { key, size: content.length };
  };
  const common = (jobId: number, title: string) => ({ jobId, userId: owner.userId, title, description: "" });
  return {
    report: async (jobId: number, title: string, content: Buffer) => {
      const { key, size } = await store(content);
      const [row] = await db
        .insert(reports)
        .values({ ...common(jobId, title), storageKey: key, contentType: "application/pdf", size })
        .returning();
      return row!;
    },
    media: async (jobId: number, title: string, content: Buffer) => {
      const { key, size } = await store(content);
      const [row] = await db
        .insert(media)
        .values({ ...common(jobId, title), storageKey: key, fileType: "image/jpeg", size })
        .returning();
      return row!;
    },
    layer: async (jobId: number, originalName: string, content: Buffer | number, status: "ready" | "failed" = "ready") => {
      const { key, size } = await store(content);
      // A failed layer's files are deleted with its failure.
      if (status === "failed") await storage.delete(key);
      const [row] = await db
        .insert(mapLayers)
        .values({
          jobId,
          kind: "elevation",
          title: originalName,
          status,
          progress: 100,
          originalKey: key,
          originalName,
          originalSize: size,
          cogKey: key,
          uploadedBy: owner.uploadedBy,
        })
        .returning();
      return row!;
    },
    document: async (jobId: number, originalName: string, content: Buffer) => {
      const { key, size } = await store(content);
      const [row] = await db
        .insert(jobDocuments)
        .values({ jobId, userId: owner.userId, title: originalName, originalName, storageKey: key, contentType: "application/pdf", size })
        .returning();
      return row!;
    },
    /** A finding's crop of a layer, as make-crops.ts stores it: a thermal PNG or a visual JPEG; null content for one outside the layer. */
    crop: async (findingId: number, layerId: number, kind: "thermal" | "visual", content: Buffer | null) => {
      const stored = content === null ? null : await store(content);
      const [row] = await db
        .insert(findingCrops)
        .values({
          findingId,
          layerId,
          kind,
          storageKey: stored?.key ?? null,
          contentType: content === null ? "" : kind === "thermal" ? "image/png" : "image/jpeg",
          width: content === null ? 0 : 48,
          height: content === null ? 0 : 36,
        })
        .returning();
      return row!;
    },
  };
}

/**
 * Saves a download as a sparse file: runs of zero bytes become holes, so an archive of gigabytes of
 * sparse files is saved (and then tested by unzip) without writing gigabytes to disk.
 */
export async function saveSparse(body: Readable, file: string): Promise<void> {
  const handle = await open(file, "w");
  let position = 0;
  let zeros = Buffer.alloc(0);
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (zeros.length < chunk.length) zeros = Buffer.alloc(chunk.length);
      const at = position;
      position += chunk.length;
      if (chunk.equals(zeros.subarray(0, chunk.length))) return done();
      handle.write(chunk, 0, chunk.length, at).then(() => done(), done);
    },
  });
  try {
    await pipeline(body, sink);
    await handle.truncate(position);
  } finally {
    await handle.close();
  }
}
