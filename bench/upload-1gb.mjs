// Uploads a 1 GB video through POST /api/upload-media and compares the throughput with a raw disk
// write of the same size on the same disk, while sampling the server's resident memory.
// Usage: npm run build && node bench/upload-1gb.mjs [sizeMB=1000]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, loginCookie, postMultipart, rawDiskWrite, rssMb, stop, videoBytes, waitFor } from "./server-process.mjs";

// 1000 MB: the largest file a media upload accepts (docs/product.md §9).
const sizeMb = Number(process.argv[2] ?? 1000);
const CHUNK = 1024 * 1024;
const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-bench-"));
const base = `http://127.0.0.1:${port}`;

/** The video, uploaded through POST /api/upload-media: the stored media's row. */
function upload(cookie) {
  const fields = { userId: "admin", serviceId: "1", title: "Benchmark video", description: "1 GB upload benchmark", isGalleryItem: "false" };
  return postMultipart(base, cookie, "/api/upload-media", fields, { name: "bench.mp4", type: "video/mp4", bytes: videoBytes(sizeMb) });
}

const server = spawn(process.execPath, ["dist/server/index.js"], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_USERNAME: "bench",
    ADMIN_PASSWORD: "bench-password",
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
  },
  stdio: "inherit",
});
try {
  await waitFor(`${base}/api/health`, server);
  const cookie = await loginCookie(base, { username: "bench", password: "bench-password" });

  const diskMbps = await rawDiskWrite(dataDir, sizeMb);
  const baseline = rssMb(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 50);
  const started = performance.now();
  const result = await upload(cookie);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const uploadMbps = sizeMb / seconds;

  console.log(`upload of ${sizeMb} MB: ${seconds.toFixed(1)} s, ${uploadMbps.toFixed(0)} MB/s (stored ${(result.size / CHUNK).toFixed(0)} MB)`);
  console.log(`raw disk write of ${sizeMb} MB on the same disk: ${diskMbps.toFixed(0)} MB/s`);
  console.log(`throughput / disk: ${((uploadMbps / diskMbps) * 100).toFixed(0)}% (target ≥ 50%)`);
  console.log(`server RSS: ${baseline.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak, growth ${(peak - baseline).toFixed(0)} MB (target < 100 MB)`);
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
