// A 1 GB resumable (tus) upload cut at 50 % and resumed, on local disk and in an S3 bucket
// (s3rver): how much of the file is sent twice, the throughput against a raw disk write of the
// same size on the same disk (as bench/upload-1gb.mjs measures it), and the server's memory growth.
// Usage: npm run build && npm run bench:upload-tus [sizeMB=1000] [disk|s3|both=both]
import { createHash } from "node:crypto";
import { createReadStream, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { tsImport } from "tsx/esm/api";
import { benchServerEnv, freePort, loginCookie, rawDiskWrite, rssMb, startNode, stop, videoBytes, waitFor } from "./server-process.mjs";

const { startS3Peer } = await tsImport("../server/testing/s3-peer.ts", import.meta.url);
const { encodeMetadata } = await tsImport("../server/testing/tus.ts", import.meta.url);

// 1000 MB: the largest file a media upload accepts (docs/product.md §9).
const sizeMb = Number(process.argv[2] ?? 1000);
const modes = (process.argv[3] ?? "both") === "both" ? ["disk", "s3"] : [process.argv[3]];
const CHUNK = 1024 * 1024;
const size = sizeMb * CHUNK;
const ADMIN = { username: "bench", password: "bench-password" };
const TUS = { "tus-resumable": "1.0.0" };

async function sha256Of(stream) {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest("hex");
}

/** A PATCH from `offset`; with `cutAt`, its connection is destroyed once that many bytes are written. */
function patch(base, cookie, uploadUrl, offset, cutAt) {
  return new Promise((resolve, reject) => {
    const req = request(new URL(uploadUrl, base), {
      method: "PATCH",
      headers: { ...TUS, cookie, "content-type": "application/offset+octet-stream", "upload-offset": String(offset), "content-length": String(size - offset) },
    });
    let written = 0;
    const body = videoBytes(sizeMb, offset);
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => (res.statusCode === 200 ? resolve({ sent: written, body: JSON.parse(text) }) : reject(new Error(`${res.statusCode} ${text}`))));
    });
    req.on("error", (error) => (cutAt === undefined ? reject(error) : resolve({ sent: written })));
    body.on("data", (chunk) => {
      if (cutAt !== undefined && written + chunk.length >= cutAt) {
        body.pause();
        req.write(chunk.subarray(0, cutAt - written), () => {
          written = cutAt;
          req.destroy();
          resolve({ sent: written });
        });
        return;
      }
      written += chunk.length;
      if (!req.write(chunk)) {
        body.pause();
        req.once("drain", () => body.resume());
      }
    });
    body.on("end", () => req.end());
  });
}

async function run(mode) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-bench-tus-"));
  const base = `http://127.0.0.1:${port}`;
  const bucket = mode === "s3" ? await startS3Peer() : null;
  const server = startNode(["dist/server/index.js"], { ...benchServerEnv({ port, dataDir, databaseUrl: "", admin: ADMIN }), ...(bucket?.env ?? {}) });
  try {
    await waitFor(`${base}/api/health`, server);
    const cookie = await loginCookie(base, ADMIN);
    const diskMbps = await rawDiskWrite(dataDir, sizeMb);
    const sourceHash = await sha256Of(videoBytes(sizeMb));

    const baseline = rssMb(server.pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 50);
    const started = performance.now();
    const metadata = {
      kind: "media",
      filename: "bench.mp4",
      filetype: "video/mp4",
      userId: "admin",
      serviceId: "1",
      title: "Benchmark video",
      description: "Resumable upload benchmark",
      isGalleryItem: "false",
    };
    const created = await fetch(`${base}/api/uploads`, {
      method: "POST",
      headers: { ...TUS, cookie, "upload-length": String(size), "upload-metadata": encodeMetadata(metadata) },
    });
    if (created.status !== 201) throw new Error(`creation answered ${created.status} ${await created.text()}`);
    const uploadUrl = created.headers.get("location");
    const first = await patch(base, cookie, uploadUrl, 0, size / 2);
    // HEAD waits for the cut PATCH to let the upload go, then says how much the server kept.
    const head = await fetch(`${base}${uploadUrl}`, { method: "HEAD", headers: { ...TUS, cookie } });
    const offset = Number(head.headers.get("upload-offset"));
    const second = await patch(base, cookie, uploadUrl, offset);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);

    const storedHash = await sha256Of(await storedBytes(dataDir, bucket));
    const resent = first.sent + second.sent - size;
    const uploadMbps = sizeMb / seconds;
    console.log(
      `\n${mode === "s3" ? "S3 (s3rver)" : "local disk"}: ${sizeMb} MB, cut after ${(first.sent / CHUNK).toFixed(0)} MB, the server kept ${(offset / CHUNK).toFixed(1)} MB`,
    );
    console.log(`  re-sent: ${(resent / CHUNK).toFixed(2)} MB = ${((resent / size) * 100).toFixed(2)}% of the file (target < 5%)`);
    console.log(
      `  upload (both PATCHes and the HEAD): ${seconds.toFixed(1)} s, ${uploadMbps.toFixed(0)} MB/s; raw disk write: ${diskMbps.toFixed(0)} MB/s; ratio ${((uploadMbps / diskMbps) * 100).toFixed(0)}% (target ≥ 50%)`,
    );
    console.log(`  server RSS: ${baseline.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak, growth ${(peak - baseline).toFixed(0)} MB (target < 100 MB)`);
    if (bucket)
      console.log(
        `  the bucket's own ceiling: S3Storage.put of the same ${sizeMb} MB straight to it (the multipart routes' way, no HTTP client) runs at ${(await bucketPutMbps(bucket)).toFixed(0)} MB/s`,
      );
    console.log(
      `  stored object: ${second.body.data.size === size ? "full size" : `size ${second.body.data.size}`}, sha256 ${storedHash === sourceHash ? "equals the source's" : "DIFFERS from the source's"}`,
    );
  } finally {
    await stop(server);
    await bucket?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** How fast the bucket takes the same bytes from S3Storage.put in this process: what s3rver itself allows. */
async function bucketPutMbps(bucket) {
  const { S3Storage } = await tsImport("../server/storage/s3.ts", import.meta.url);
  const storage = new S3Storage(bucket.settings);
  const started = performance.now();
  await storage.put("bench/ceiling", videoBytes(sizeMb));
  const seconds = (performance.now() - started) / 1000;
  await storage.delete("bench/ceiling");
  return sizeMb / seconds;
}

/** The stored object's bytes, read back from the uploads folder or the bucket (the run's only media file). */
async function storedBytes(dataDir, bucket) {
  if (!bucket) {
    const folder = path.join(dataDir, "uploads", "media");
    const [file] = readdirSync(folder);
    return createReadStream(path.join(folder, file));
  }
  const key = (await bucket.keys()).find((name) => name.startsWith("media/"));
  const { S3Storage } = await tsImport("../server/storage/s3.ts", import.meta.url);
  return new S3Storage(bucket.settings).read(key);
}

for (const mode of modes) await run(mode);
