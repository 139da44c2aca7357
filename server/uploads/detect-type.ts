import type { Readable } from "node:stream";
import { fileTypeStream } from "file-type/node";

// file-type names the old Word format by its container; we name it by what it holds.
const ALIASES: Record<string, string> = { "application/x-cfb": "application/msword" };

export type DetectedType = { empty: true } | { empty: false; stream: Readable; mime: string | undefined };

/**
 * Reads the first bytes of the stream to learn its type from its content (magic bytes), and
 * hands back a stream that still starts at byte 0. An empty stream is told apart: file-type waits
 * for a 'readable' event, and a stream that ends with no bytes emits only 'end', so its promise
 * would never settle (a 0-byte upload used to hang the request).
 */
export async function detectType(stream: Readable): Promise<DetectedType> {
  let sawBytes = false;
  const onReadable = () => {
    sawBytes = true;
  };
  let onEnd: (() => void) | undefined;
  // A stream with bytes also ends, maybe before detection settles: only an end with no bytes before it counts.
  const endedEmpty = new Promise<"empty">((resolve) => {
    onEnd = () => {
      if (!sawBytes) resolve("empty");
    };
  });
  stream.once("readable", onReadable);
  stream.once("end", onEnd!);
  try {
    // Word's zip container names its parts a few KB in.
    const detecting = await Promise.race([fileTypeStream(stream, { sampleSize: 64 * 1024 }), endedEmpty]);
    if (detecting === "empty") return { empty: true };
    const mime = detecting.fileType?.mime;
    return { empty: false, stream: detecting, mime: mime ? (ALIASES[mime] ?? mime) : undefined };
  } finally {
    stream.off("readable", onReadable);
    stream.off("end", onEnd!);
  }
}
