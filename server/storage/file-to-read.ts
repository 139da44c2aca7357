import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import type { Storage } from "./storage";

/**
 * A path a tool that reads files (GDAL, geotiff.js) can open for a stored object: where a local
 * store keeps it, else a copy streamed from the bucket to `copyTo` (in the caller's work folder,
 * which the caller removes).
 */
export async function fileToRead(storage: Storage, key: string, copyTo: string): Promise<string> {
  const local = storage.localPath?.(key);
  if (local) return local;
  await pipeline(await storage.read(key), createWriteStream(copyTo));
  return copyTo;
}
