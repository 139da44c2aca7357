import type { Readable } from "node:stream";
import { fileTypeStream } from "file-type/node";

// file-type names the old Word format by its container; we name it by what it holds.
const ALIASES: Record<string, string> = { "application/x-cfb": "application/msword" };

/**
 * Reads the first bytes of the stream to learn its type from its content (magic bytes), and
 * hands back a stream that still starts at byte 0.
 */
export async function detectType(stream: Readable): Promise<{ stream: Readable; mime: string | undefined }> {
  // Word's zip container names its parts a few KB in.
  const detecting = await fileTypeStream(stream, { sampleSize: 64 * 1024 });
  const mime = detecting.fileType?.mime;
  return { stream: detecting, mime: mime ? (ALIASES[mime] ?? mime) : undefined };
}
