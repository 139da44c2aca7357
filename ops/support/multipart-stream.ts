import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { Readable } from "node:stream";

/** A file for streamMultipart: its bytes as they come (an iterable of chunks, never whole in memory). */
export interface StreamedFile {
  name: string;
  type: string;
  bytes: Iterable<Buffer> | AsyncIterable<Buffer>;
}

/**
 * POSTs `fields`, then `file`, as multipart/form-data to `url`, streaming the file's bytes as they
 * come (the benchmarks send 1 GB files; the scale-out test trickles one in), with `headers` (a
 * session cookie); answers the status and the text of the answer, whatever the status.
 */
export function streamMultipart(
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file: StreamedFile,
): Promise<{ status: number; body: string }> {
  const boundary = `----skyvantage-${randomBytes(6).toString("hex")}`;
  const head =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("") + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  const body = Readable.from(
    (async function* () {
      yield Buffer.from(head);
      yield* file.bytes;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    })(),
  );
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` } }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    body.pipe(req);
  });
}
