import { createHash, randomBytes, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Storage, StoredObjectNotFound } from "../storage/storage";

export interface StorageUnderTest {
  storage: Storage;
  close(): Promise<void>;
}

const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** Streams the bytes in 64 KiB chunks, as a socket would, optionally failing after `failAfter` bytes. */
function streamOf(bytes: Buffer, failAfter?: number): Readable {
  return Readable.from(
    (async function* () {
      for (let offset = 0; offset < bytes.length; offset += CHUNK) {
        if (failAfter !== undefined && offset >= failAfter) throw new Error("the client went away");
        yield bytes.subarray(offset, offset + CHUNK);
      }
      if (failAfter !== undefined) throw new Error("the client went away");
    })(),
  );
}

const sha256 = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");

/**
 * The behaviour every Storage driver shows, so the routes work the same on local disk and in a
 * bucket. `open` gives a fresh, empty store; `close` removes it.
 */
export function describeStorageContract(name: string, open: () => Promise<StorageUnderTest>): void {
  describe(`${name} storage`, () => {
    let under: StorageUnderTest;
    let storage: Storage;
    const keyOf = (prefix = "media") => `${prefix}/${randomUUID()}`;
    const readAll = async (key: string, range?: { start: number; end: number }) => buffer(await storage.read(key, range));

    beforeAll(async () => {
      under = await open();
      storage = under.storage;
    });
    afterAll(() => under?.close());

    it("stores a stream, answers its size, and reads it back whole", async () => {
      const key = keyOf();
      const bytes = randomBytes(200_000);
      expect(await storage.put(key, streamOf(bytes))).toEqual({ size: bytes.length });
      expect((await readAll(key)).equals(bytes)).toBe(true);
      expect(await storage.stat(key)).toEqual({ size: bytes.length });
    });

    it("reads byte ranges with both ends included: the start, the middle, the last byte", async () => {
      const key = keyOf();
      const bytes = randomBytes(10_000);
      await storage.put(key, streamOf(bytes));
      expect((await readAll(key, { start: 0, end: 3 })).equals(bytes.subarray(0, 4))).toBe(true);
      expect((await readAll(key, { start: 1234, end: 5677 })).equals(bytes.subarray(1234, 5678))).toBe(true);
      expect((await readAll(key, { start: 9999, end: 9999 })).equals(bytes.subarray(9999))).toBe(true);
    });

    it("stores an empty stream as an empty object", async () => {
      const key = keyOf();
      expect(await storage.put(key, Readable.from([]))).toEqual({ size: 0 });
      expect(await storage.stat(key)).toEqual({ size: 0 });
      expect((await readAll(key)).length).toBe(0);
    });

    it("answers null for the stat of a missing key and rejects its read with StoredObjectNotFound", async () => {
      const key = keyOf();
      expect(await storage.stat(key)).toBeNull();
      await expect(storage.read(key)).rejects.toBeInstanceOf(StoredObjectNotFound);
      await expect(storage.read(key, { start: 0, end: 1 })).rejects.toBeInstanceOf(StoredObjectNotFound);
    });

    it("deletes an object, after which it is missing; deleting again is harmless", async () => {
      const key = keyOf();
      await storage.put(key, streamOf(Buffer.from("soon gone")));
      await storage.delete(key);
      expect(await storage.stat(key)).toBeNull();
      await expect(storage.read(key)).rejects.toBeInstanceOf(StoredObjectNotFound);
      await expect(storage.delete(key)).resolves.toBeUndefined();
      await expect(storage.delete(keyOf("never-stored"))).resolves.toBeUndefined();
    });

    it("keeps keys with slashes apart, even when they share folders", async () => {
      const folder = `media/2026/${randomUUID()}`;
      const keys = [`${folder}/abc.mp4`, `${folder}/abd.mp4`, `${folder}/deeper/abc.mp4`];
      await Promise.all(keys.map((key) => storage.put(key, streamOf(Buffer.from(key)))));
      for (const key of keys) expect((await readAll(key)).toString()).toBe(key);
      await storage.delete(keys[0]!);
      expect(await storage.stat(keys[0]!)).toBeNull();
      expect(await storage.stat(keys[2]!)).toEqual({ size: keys[2]!.length });
    });

    it("replaces an object written again under the same key", async () => {
      const key = keyOf("thumbnails");
      await storage.put(key, streamOf(Buffer.from("the first, longer version")));
      expect(await storage.put(key, streamOf(Buffer.from("second")))).toEqual({ size: 6 });
      expect((await readAll(key)).toString()).toBe("second");
    });

    it("rejects with the body's error when the stream fails midway, and leaves nothing under the key", async () => {
      const key = keyOf();
      await expect(storage.put(key, streamOf(randomBytes(300_000), 200_000))).rejects.toThrow("the client went away");
      expect(await storage.stat(key)).toBeNull();
    });

    it("leaves nothing when a stream fails after megabytes, past the first multipart part", async () => {
      const key = keyOf();
      await expect(storage.put(key, streamOf(randomBytes(12 * MiB), 10 * MiB))).rejects.toThrow("the client went away");
      expect(await storage.stat(key)).toBeNull();
    });

    it("round-trips 20 MB streamed in small chunks: same size, same SHA-256, ranges across part boundaries", async () => {
      const key = `media/2026/${randomUUID()}.mp4`;
      const bytes = randomBytes(20 * MiB);
      expect(await storage.put(key, streamOf(bytes))).toEqual({ size: bytes.length });
      expect(await storage.stat(key)).toEqual({ size: bytes.length });
      expect(sha256(await readAll(key))).toBe(sha256(bytes));
      const across = { start: 8 * MiB - 100, end: 16 * MiB + 100 };
      expect(sha256(await readAll(key, across))).toBe(sha256(bytes.subarray(across.start, across.end + 1)));
    });

    it.each(["../outside", "media/../../etc/passwd", "/absolute", "media//double", "media/", "Media/upper", ""])("refuses the key %j", async (key) => {
      await expect(storage.put(key, streamOf(Buffer.from("x")))).rejects.toThrow(/invalid storage key/);
      await expect(storage.stat(key)).rejects.toThrow(/invalid storage key/);
      await expect(storage.read(key)).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/invalid storage key/);
    });
  });
}
