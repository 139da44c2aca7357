// A job of `count` findings (1,000 by default: the report must take 1,000 findings within 60 s with
// the server's memory flat, docs/decisions/0032-inspection-report.md) through the built server:
// `images` real JPEG photos (1600 × 1200, noise, so they compress as photos do) uploaded as the
// job's media, the findings imported in one CSV (each showing two of the photos), the site boundary
// and the inspection conditions recorded; then POST /api/admin/jobs/:id/report twice (v1, then v2),
// each timed from the request until the queue's worker has published it (polled every 100 ms), with
// the server's resident memory sampled every 50 ms (before, peak, after); the PDF's size and pages
// (pdfinfo). Then GET /api/jobs/:id/findings.csv and the whole-job ZIP of `?items=findings:csv`,
// each read over a real socket: time to the first byte, total, bytes, and the server's memory
// before and at peak. Targets: the PDF within 60 s, memory flat (the second report's peak no higher
// than the first's, give or take the allocator), the CSV streamed.
// Usage: node scripts/build.mjs && node bench/findings-report.mjs [count=1000] [images=50]
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { benchServerEnv, callData, freePort, freshDatabase, loginCookie, rssMb, SOLAR_SITE, solarJob, startNode, stop, waitFor } from "./server-process.mjs";

const exec = promisify(execFile);
const count = Number(process.argv[2] ?? 1000);
const imageCount = Number(process.argv[3] ?? 50);
const admin = { username: "bench", password: "bench-password" };
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-bench-findings-"));

/** An API call's answer, unwrapped from `{ success, data }` where the endpoint wraps it. */
const call = (cookie, method, url, body) => callData(base, cookie, method, url, body);

async function multipart(cookie, url, fields, file) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new Blob([file.content], { type: file.type }), file.name);
  const res = await fetch(`${base}${url}`, { method: "POST", headers: { cookie }, body: form });
  if (res.status !== 201) throw new Error(`POST ${url} answered ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

/** Samples the server's memory while `work` runs: before, peak, and once it is done. */
async function measured(pid, work) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, before, peak: Math.max(peak, rssMb(pid)), after: rssMb(pid) };
  } finally {
    clearInterval(sampler);
  }
}

/** GET over a real socket, the body counted and dropped: time to the first byte and to the last. */
function fetchTimed(url, cookie) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByte;
    let bytes = 0;
    request(`${base}${url}`, { headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`GET ${url} answered ${res.statusCode}`));
      res.on("data", (chunk) => {
        firstByte ??= performance.now() - started;
        bytes += chunk.length;
      });
      res.on("end", () => resolve({ firstByteMs: firstByte, totalMs: performance.now() - started, bytes }));
    })
      .on("error", reject)
      .end();
  });
}

const database = await freshDatabase("skyvantage_bench");
const server = startNode(["dist/server/index.js"], benchServerEnv({ port, dataDir, databaseUrl: database.url, admin }));
try {
  await waitFor(`${base}/api/health`, server);
  const adminCookie = await loginCookie(base, admin);
  const { userId, serviceId, jobId } = await solarJob(base, adminCookie, {
    prefix: "solar",
    firstName: "Amy",
    lastName: "Johnson",
    password: "bench-secret-findings",
  });
  const [west, south, east, north] = SOLAR_SITE;

  const setupStarted = performance.now();
  const mediaIds = [];
  for (let n = 1; n <= imageCount; n += 1) {
    const noise = Buffer.alloc(1600 * 1200 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7 + n * 31 + ((i / 4800) | 0)) & 0xff;
    const jpeg = await sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } })
      .blur(2)
      .jpeg({ quality: 85 })
      .toBuffer();
    const row = await multipart(
      adminCookie,
      "/api/admin/media",
      { userId: String(userId), serviceId: String(serviceId), jobId: String(jobId), title: `IR ${String(n).padStart(4, "0")}`, description: "Thermal" },
      { name: `ir-${n}.jpg`, type: "image/jpeg", content: jpeg },
    );
    mediaIds.push(row.id);
  }
  const classes = ["hot_spot", "multiple_hot_spots", "bypass_diode", "open_module", "soiling", "shading", "physical_damage", "pid"];
  const rows = ["class,lat,lon,locator,maxTemp,refTemp,deltaT,powerLoss,mediaIds,note"];
  for (let i = 0; i < count; i += 1) {
    const deltaT = 3 + ((i * 37) % 290) / 10;
    const lat = south + ((i % 40) + 0.5) * ((north - south) / 40);
    const lon = west + ((Math.floor(i / 40) % 25) + 0.5) * ((east - west) / 25);
    const images = [mediaIds[i % mediaIds.length], mediaIds[(i + 1) % mediaIds.length]].join(";");
    rows.push(
      `${classes[i % classes.length]},${lat.toFixed(6)},${lon.toFixed(6)},Block ${String.fromCharCode(65 + (i % 6))} / row ${1 + (i % 40)} / string ${1 + (i % 12)} / module ${i + 1},${(40 + deltaT).toFixed(1)},40.0,${deltaT.toFixed(1)},${((i % 9) * 0.05).toFixed(2)},${images},Finding ${i + 1} of the bench`,
    );
  }
  const csvFile = path.join(dataDir, "findings.csv");
  writeFileSync(csvFile, rows.join("\n"));
  await multipart(adminCookie, `/api/admin/jobs/${jobId}/findings/import`, {}, { name: "findings.csv", type: "text/csv", content: readFileSync(csvFile) });
  console.log(`${imageCount} photos and ${count} findings stored in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

  const reportOf = async (version) => {
    const run = await measured(server.pid, async () => {
      await call(adminCookie, "POST", `/api/admin/jobs/${jobId}/report`);
      for (;;) {
        const { versions } = await call(adminCookie, "GET", `/api/admin/jobs/${jobId}/report`);
        const row = versions.find((candidate) => candidate.version === version);
        if (row?.status === "published") return row;
        if (row?.status === "failed") throw new Error(`version ${version} failed: ${row.error}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    const pdf = path.join(dataDir, `report-v${version}.pdf`);
    const res = await fetch(`${base}/api/reports/${run.result.reportId}/file`, { headers: { cookie: adminCookie } });
    writeFileSync(pdf, Buffer.from(await res.arrayBuffer()));
    const { stdout } = await exec("pdfinfo", [pdf]);
    const pages = /Pages:\s+(\d+)/.exec(stdout)?.[1];
    const { stdout: text } = await exec("pdftotext", [pdf, "-"], { maxBuffer: 256 * 1024 * 1024 });
    const located = rows.slice(1).filter((row) => text.includes(row.split(",")[3])).length;
    console.log(
      `report v${version}: published in ${run.seconds.toFixed(1)} s (target 60 s); ${pages} pages, ${(readFileSync(pdf).length / 1_000_000).toFixed(1)} MB, ${located} of ${count} locators in its text; ` +
        `server RSS ${run.before.toFixed(0)} MB before, ${run.peak.toFixed(0)} MB peak, ${run.after.toFixed(0)} MB after`,
    );
    return run;
  };
  const first = await reportOf(1);
  const second = await reportOf(2);
  console.log(
    `memory: peak growth ${(first.peak - first.before).toFixed(0)} MB (v1), ${(second.peak - second.before).toFixed(0)} MB (v2); after v2 ${(second.after - first.before).toFixed(0)} MB above before v1`,
  );

  for (const [label, url] of [
    ["findings.csv", `/api/jobs/${jobId}/findings.csv`],
    ["ZIP of findings:csv", `/api/jobs/${jobId}/download.zip?items=findings:csv`],
  ]) {
    await fetchTimed(url, adminCookie);
    const run = await measured(server.pid, () => fetchTimed(url, adminCookie));
    const { firstByteMs, totalMs, bytes } = run.result;
    console.log(
      `${label}: first byte ${firstByteMs.toFixed(0)} ms, all ${(bytes / 1000).toFixed(0)} KB in ${totalMs.toFixed(0)} ms; server RSS ${run.before.toFixed(0)} MB before, ${run.peak.toFixed(0)} MB peak`,
    );
  }
} finally {
  await stop(server);
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
