import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { pipeline } from "node:stream/promises";
import { parseRange } from "../send-file";
import { StoredObjectNotFound, type Storage } from "../../storage/storage";

/**
 * Hands a stored file to ffmpeg or ffprobe: its path on a local store, else an address on a
 * loopback HTTP server, alive only while `use` runs, that answers Range reads from storage. ffmpeg
 * then reads only the bytes it needs (the MP4 index and a frame, not 1000 MB), and can seek,
 * which a pipe on stdin cannot do for an MP4 whose index is at the end.
 */
export async function withToolInput<T>(storage: Storage, key: string, use: (input: string) => Promise<T>): Promise<T> {
  const local = storage.localPath?.(key);
  if (local) return use(local);
  const stored = await storage.stat(key);
  if (!stored) throw new StoredObjectNotFound(key);
  // Another process on this machine cannot guess the address of the file.
  const path = `/${randomBytes(16).toString("hex")}`;
  const server = createServer((request, response) => {
    if (request.url !== path || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404).end();
      return;
    }
    const range = parseRange(request.headers.range, stored.size);
    if (range === "invalid") {
      response.writeHead(416, { "content-range": `bytes */${stored.size}` }).end();
      return;
    }
    const { start, end } = range ?? { start: 0, end: stored.size - 1 };
    const headers = { "accept-ranges": "bytes", "content-type": "application/octet-stream", "content-length": String(end - start + 1) };
    if (request.method === "HEAD") {
      response.writeHead(200, { ...headers, "content-length": String(stored.size) }).end();
      return;
    }
    response.writeHead(range ? 206 : 200, range ? { ...headers, "content-range": `bytes ${start}-${end}/${stored.size}` } : headers);
    // ffmpeg drops a connection once it has read enough, or to seek: not a failure.
    storage
      .read(key, range ?? undefined)
      .then((body) => pipeline(body, response))
      .catch(() => response.destroy());
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await use(`http://127.0.0.1:${port}${path}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
