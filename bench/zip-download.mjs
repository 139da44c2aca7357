// A job's whole-ZIP download against reading the same files from disk: a customer's job
// gets media files of 1000 MB (the media limit) through POST /api/upload-media until it holds
// `sizeGB`, then GET /api/jobs/:id/download.zip streams them as one ZIP over a real socket while
// the server's resident memory is sampled. Targets: at least half the disk read's rate, memory
// growth under 100 MB. The files are real (a repeated random megabyte, not holes) and are taken out
// of the page cache before each of the two reads, so both come from the disk.
// Usage: node scripts/build.mjs && node bench/zip-download.mjs [sizeGB=5]
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createReadStream, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { benchServerEnv, callData, freePort, freshDatabase, loginCookie, postMultipart, rssMb, startNode, stop, waitFor } from "./server-process.mjs";

const exec = promisify(execFile);
const sizeGb = Number(process.argv[2] ?? 5);
const MB = 1024 * 1024;
const FILE_MB = 1000;
const totalMb = Math.round(sizeGb * 1000);
const admin = { username: "bench", password: "bench-password" };
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-bench-zip-"));

// An MP4 header (the server sniffs the type), then a random megabyte over and over.
const MP4_HEADER = Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex");
const pattern = randomBytes(MB);
function videoBytes(sizeMb) {
  return Readable.from(
    (function* () {
      yield MP4_HEADER;
      for (let sent = 1; sent < sizeMb; sent += 1) yield pattern;
      yield pattern.subarray(MP4_HEADER.length);
    })(),
  );
}

/** An API call's answer, unwrapped from `{ success, data }` where the endpoint wraps it. */
const call = (cookie, method, url, body) => callData(base, cookie, method, url, body);

/** A video of `sizeMb` MB uploaded through POST /api/upload-media with `fields`. */
const uploadMedia = (cookie, fields, sizeMb) =>
  postMultipart(base, cookie, "/api/upload-media", fields, { name: "flight.mp4", type: "video/mp4", bytes: videoBytes(sizeMb) });

/** Every stored file under the uploads folder (not .incoming), largest first. */
function storedFiles() {
  const root = path.join(dataDir, "uploads");
  return readdirSync(root, { recursive: true })
    .map((name) => path.join(root, String(name)))
    .filter((file) => !file.includes(`${path.sep}.incoming`) && statSync(file).isFile());
}

/** Takes the files out of the page cache (written to disk first), so the next read of them comes from the disk. */
async function evict(files) {
  await exec("sync", files);
  for (const file of files) await exec("dd", [`if=${file}`, "iflag=nocache", "count=0", "status=none"]);
}

async function readFromDisk(files) {
  const started = performance.now();
  let bytes = 0;
  for (const file of files) for await (const chunk of createReadStream(file, { highWaterMark: MB })) bytes += chunk.length;
  return { bytes, seconds: (performance.now() - started) / 1000 };
}

/** curl, as native as a browser, saves nothing: the client's own cost stays out of the figure. */
async function downloadZip(cookie, jobId) {
  const started = performance.now();
  const { stdout } = await exec("curl", [
    "-sS",
    "-f",
    "-o",
    "/dev/null",
    "-D",
    "-",
    "-w",
    "%{size_download}",
    "-H",
    `cookie: ${cookie}`,
    `${base}/api/jobs/${jobId}/download.zip`,
  ]);
  const bytes = Number(/(\d+)$/.exec(stdout)?.[1] ?? 0);
  const disposition = /content-disposition: (.*)\r/i.exec(stdout)?.[1];
  return { bytes, seconds: (performance.now() - started) / 1000, disposition };
}

const database = await freshDatabase("skyvantage_bench");
const server = startNode(["dist/server/index.js"], benchServerEnv({ port, dataDir, databaseUrl: database.url, admin }));
try {
  await waitFor(`${base}/api/health`, server);
  const adminCookie = await loginCookie(base, admin);
  const customer = {
    username: `zip-${Date.now().toString(36)}`,
    email: `zip-${Date.now().toString(36)}@example.com`,
    firstName: "Amy",
    lastName: "Johnson",
    password: "bench-secret-zip",
  };
  await call("", "POST", "/api/register", customer);
  const { id: userId } = await call(await loginCookie(base, customer), "GET", "/api/user");
  const [service] = await call(adminCookie, "GET", "/api/services?active=true");
  const job = await call(adminCookie, "POST", "/api/admin/jobs", {
    userId,
    serviceId: service.id,
    title: "Solar farm North",
    site: { name: "North array", address: "1 Solar Way", latitude: 30.27, longitude: -97.74 },
  });

  const uploadStarted = performance.now();
  for (let left = totalMb, n = 1; left > 0; left -= FILE_MB, n += 1) {
    const fields = {
      userId: String(userId),
      serviceId: String(service.id),
      jobId: String(job.id),
      title: `Flight ${n}`,
      description: "Benchmark footage",
      isGalleryItem: "false",
    };
    await uploadMedia(adminCookie, fields, Math.min(FILE_MB, left));
  }
  console.log(`stored ${totalMb} MB in ${Math.ceil(totalMb / FILE_MB)} media files in ${((performance.now() - uploadStarted) / 1000).toFixed(0)} s`);

  const files = storedFiles();
  await evict(files);
  const disk = await readFromDisk(files);
  await evict(files);
  const baseline = rssMb(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 50);
  const zip = await downloadZip(adminCookie, job.id);
  clearInterval(sampler);

  const diskRate = disk.bytes / MB / disk.seconds;
  const zipRate = zip.bytes / MB / zip.seconds;
  console.log(`${zip.disposition}`);
  console.log(`ZIP of ${(zip.bytes / MB).toFixed(0)} MB: ${zip.seconds.toFixed(1)} s, ${zipRate.toFixed(0)} MB/s`);
  console.log(`reading the same ${(disk.bytes / MB).toFixed(0)} MB from disk: ${disk.seconds.toFixed(1)} s, ${diskRate.toFixed(0)} MB/s`);
  console.log(`ZIP / disk: ${((zipRate / diskRate) * 100).toFixed(0)}% (target ≥ 50%)`);
  console.log(`server RSS: ${baseline.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak, growth ${(peak - baseline).toFixed(0)} MB (target < 100 MB)`);
  if (zip.bytes < disk.bytes) throw new Error(`the ZIP (${zip.bytes} bytes) is smaller than its files (${disk.bytes})`);
} finally {
  await stop(server);
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
