import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "../storage/s3";

const BUCKET = "skyvantage-test";
// s3rver checks request signatures against these fixed keys.
const KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface S3Peer {
  settings: S3Settings;
  /** The same bucket as S3_* variables, for building the app from configuration. */
  env: Record<string, string>;
  /** Every key in the bucket, for checking that nothing was left behind. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

const xml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

function answerXml(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "application/xml" });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

/**
 * The three multipart calls s3rver 3.7 answers with "not implemented" or "method not allowed" and
 * @tus/s3-store (resumable uploads) relies on: ListMultipartUploads, ListParts and
 * AbortMultipartUpload. Answered from s3rver's own folder of uploads in progress (one folder per
 * upload id, holding the key and one file per part), so the bucket behaves as S3 does.
 * Answers false for any other request, which goes to s3rver.
 */
async function answerMultipartCall(uploadsDir: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? "/", "http://peer");
  const [bucket = "", ...keyParts] = url.pathname.slice(1).split("/");
  const key = decodeURIComponent(keyParts.join("/"));
  const uploadId = url.searchParams.get("uploadId");
  const uploadDir = uploadId ? path.join(uploadsDir, path.basename(uploadId)) : "";
  if (req.method === "GET" && !key && url.searchParams.has("uploads")) {
    const prefix = url.searchParams.get("prefix") ?? "";
    const uploads: string[] = [];
    for (const id of await readdir(uploadsDir).catch(() => [])) {
      const uploadKey = await readFile(path.join(uploadsDir, id, "key"), "utf8").catch(() => null);
      if (uploadKey === null || !uploadKey.startsWith(prefix)) continue;
      const initiated = (await stat(path.join(uploadsDir, id, "key"))).mtime.toISOString();
      uploads.push(`<Upload><Key>${xml(uploadKey)}</Key><UploadId>${id}</UploadId><Initiated>${initiated}</Initiated></Upload>`);
    }
    answerXml(
      res,
      200,
      `<ListMultipartUploadsResult><Bucket>${xml(bucket)}</Bucket><IsTruncated>false</IsTruncated>${uploads.join("")}</ListMultipartUploadsResult>`,
    );
    return true;
  }
  if (!uploadId || !key || (req.method !== "GET" && req.method !== "DELETE")) return false;
  const files = await readdir(uploadDir).catch(() => null);
  if (files === null) {
    answerXml(res, 404, `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xml(uploadId)}</UploadId></Error>`);
    return true;
  }
  if (req.method === "DELETE") {
    await rm(uploadDir, { recursive: true, force: true });
    res.writeHead(204).end();
    return true;
  }
  const parts: string[] = [];
  for (const number of files
    .filter((file) => /^\d+$/.test(file))
    .map(Number)
    .sort((a, b) => a - b)) {
    const info = await stat(path.join(uploadDir, String(number)));
    const md5 = await readFile(path.join(uploadDir, `${number}.md5`), "utf8").catch(() => "");
    parts.push(
      `<Part><PartNumber>${number}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${info.size}</Size></Part>`,
    );
  }
  answerXml(
    res,
    200,
    `<ListPartsResult><Bucket>${xml(bucket)}</Bucket><Key>${xml(key)}</Key><UploadId>${xml(uploadId)}</UploadId><IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`,
  );
  return true;
}

/** s3rver behind a small front that adds the multipart calls it lacks; every other request passes through unchanged (its signature too). */
async function frontOf(s3rverPort: number, uploadsDir: string): Promise<Server> {
  const front = createServer((req, res) => {
    answerMultipartCall(uploadsDir, req, res).then(
      (answered) => {
        if (answered) return;
        // No kept-alive sockets to s3rver: its close() waits for every open connection.
        const upstream = httpRequest(
          { host: "127.0.0.1", port: s3rverPort, method: req.method, path: req.url, headers: { ...req.headers, connection: "close" }, agent: false },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on("error", () => res.destroy());
        // A request cut short (a client gone mid-part) must not leave s3rver waiting for the rest of its body.
        res.on("close", () => upstream.destroy());
        req.pipe(upstream);
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  return front;
}

/** An S3-compatible server on 127.0.0.1 (a free port, its own folder) with one empty bucket. */
export async function startS3Peer(): Promise<S3Peer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "skyvantage-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", directory, silent: true, configureBuckets: [{ name: BUCKET }] });
  const { port: s3rverPort } = await server.run();
  const front = await frontOf(s3rverPort, path.join(directory, BUCKET, "._S3rver_uploads"));
  const { port } = front.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = { bucket: BUCKET, endpoint, region: "us-east-1", credentials: KEYS };
  const client = new S3Client({ ...settings, forcePathStyle: true });
  return {
    settings,
    env: { S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey },
    keys: async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listed.Contents ?? []).map((object) => object.Key ?? "");
    },
    close: async () => {
      client.destroy();
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
