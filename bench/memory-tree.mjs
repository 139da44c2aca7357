// The resident memory of the whole process tree a small business pays for (the server as `npm start`
// leaves it, its queue's workers, and every child they start: gdalinfo, gdalwarp, ffmpeg, the
// detection's and the report's processes), summed at each instant and sampled every 100 ms, in four
// situations:
//   1. idle, once started and settled;
//   2. under `connections` connections of mixed traffic for `seconds`, as fast as the server answers
//      (public pages, the catalogue, inquiries, a customer's jobs and findings, the jobs board);
//   3. a `orthoMB` orthomosaic uploaded and processed as a map layer while a `uploadMB` video is
//      uploaded, under the same traffic held to `rate` requests a second;
//   4. the inspection report of a job with `findings` findings generated while another `uploadMB`
//      video is uploaded, under the same held traffic.
// 3 and 4 hold the traffic to a rate a busy small business sees: at full speed the server's event
// loop reads each socket in turn, 64 KB at a time, so an upload beside 50 flat-out connections
// crawls at about 0.5 MB/s (docs/benchmarks.md, "Memory of the whole process tree").
// Each peak is printed against the goal of a 1 GB virtual server (400 MB for the whole tree, the
// resident sizes summed), beside the proportional sizes summed (a page two processes share, as
// GDAL's libraries when gdalinfo and gdalwarp run together, counted once), with
// the server's own share and its children's. PGlite in a temporary DATA_DIR; with DATABASE_URL, a
// fresh PostgreSQL database beside it (then the database's memory is the database server's, not ours).
// Usage: npm run build && npm run bench:memory [-- orthoMB=1000 uploadMB=1000 findings=1000 seconds=20 connections=50 rate=100]
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { orthomosaic } from "./orthomosaic.mjs";
import { treeSampler } from "./process-tree.mjs";
import {
  benchServerEnv,
  callData,
  freePort,
  freshDatabase,
  loginCookie,
  postMultipart,
  SOLAR_SITE,
  solarJob,
  startNode,
  stop,
  uploadLayer,
  videoBytes,
  waitFor,
} from "./server-process.mjs";

const options = Object.fromEntries(process.argv.slice(2).map((arg) => arg.split("=")));
const orthoMb = Number(options.orthoMB ?? 1000);
const uploadMb = Number(options.uploadMB ?? 1000);
const findingCount = Number(options.findings ?? 1000);
const seconds = Number(options.seconds ?? 20);
const connections = Number(options.connections ?? 50);
const rate = Number(options.rate ?? 100);
const GOAL_MB = 400;
const admin = { username: "bench", password: "bench-password" };

if (!existsSync("dist/server/index.js")) throw new Error("build first: npm run build");

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-bench-memory-"));
const database = await freshDatabase("skyvantage_bench_memory");
const ortho = await orthomosaic(orthoMb);
const server = startNode(["scripts/start.mjs"], benchServerEnv({ port, dataDir, databaseUrl: database.url, admin }));

/** An API call's answer, unwrapped from `{ success, data }` where the endpoint wraps it. */
const api = (cookie, method, url, body) => callData(base, cookie, method, url, body);

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` every 250 ms until it answers something other than undefined. */
async function until(read) {
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    await pause(250);
  }
}

/** A customer with a job at a solar site, `findingCount` findings on it and its inspection conditions. */
async function seed(adminCookie) {
  const seeded = await solarJob(base, adminCookie, { prefix: "memory", firstName: "Maria", lastName: "Okafor", password: "bench-secret-memory" });
  const [west, south, east, north] = SOLAR_SITE;
  const rows = ["class,lat,lon,locator,maxTemp,refTemp,deltaT,note"];
  for (let i = 0; i < findingCount; i += 1) {
    const deltaT = 3 + ((i * 37) % 290) / 10;
    const lat = south + ((i % 40) + 0.5) * ((north - south) / 40);
    const lon = west + ((Math.floor(i / 40) % 25) + 0.5) * ((east - west) / 25);
    rows.push(
      `hot_spot,${lat.toFixed(6)},${lon.toFixed(6)},Block ${String.fromCharCode(65 + (i % 6))} / row ${1 + (i % 40)} / module ${i + 1},${(40 + deltaT).toFixed(1)},40.0,${deltaT.toFixed(1)},Finding ${i + 1}`,
    );
  }
  await postMultipart(
    base,
    adminCookie,
    `/api/admin/jobs/${seeded.jobId}/findings/import`,
    {},
    { name: "findings.csv", type: "text/csv", bytes: [Buffer.from(rows.join("\n"))] },
  );
  return seeded;
}

/**
 * Mixed traffic from `connections` connections for `duration` seconds (or until stopped), as fast as
 * the server answers or held to `overallRate` requests a second: answers the instance.
 */
function traffic(adminCookie, seeded, duration, overallRate) {
  const inquiry = JSON.stringify({
    name: "Bench Visitor",
    email: "bench@example.com",
    phone: "+1 555 010 0000",
    service: "solar",
    message: "Benchmark inquiry about a solar farm inspection.",
  });
  return autocannon({
    url: base,
    connections,
    duration,
    ...(overallRate ? { overallRate } : {}),
    requests: [
      { method: "GET", path: "/" },
      { method: "GET", path: "/solar-inspections" },
      { method: "GET", path: "/api/services?active=true" },
      { method: "POST", path: "/api/contact", headers: { "content-type": "application/json", origin: base }, body: inquiry },
      { method: "GET", path: "/api/jobs", headers: { cookie: seeded.customerCookie } },
      { method: "GET", path: `/api/jobs/${seeded.jobId}/findings`, headers: { cookie: seeded.customerCookie } },
      { method: "GET", path: "/api/admin/jobs", headers: { cookie: adminCookie } },
    ],
  });
}

/** Samples the tree while `work` runs; answers the peaks and the work's result. */
async function measured(work) {
  const sampler = treeSampler(server.pid);
  try {
    const result = await work();
    return { peaks: sampler.stop(), result };
  } catch (error) {
    sampler.stop();
    throw error;
  }
}

const rows = [];
function report(situation, peaks, extra = "") {
  rows.push({ situation, ...peaks });
  const verdict = peaks.tree <= GOAL_MB ? "within" : "OVER";
  console.log(
    `${situation}: whole tree ${peaks.tree.toFixed(0)} MB (${verdict} the ${GOAL_MB} MB goal; ${peaks.proportional.toFixed(0)} MB proportional); server ${peaks.root.toFixed(0)} MB, children ${peaks.children.toFixed(0)} MB${peaks.commands.length ? ` (${peaks.commands.join(", ")})` : ""}${extra}`,
  );
}

try {
  await waitFor(`${base}/api/health`, server);
  const adminCookie = await loginCookie(base, admin);
  const seeded = await seed(adminCookie);

  await pause(5000);
  report("idle", (await measured(() => pause(3000))).peaks);

  const mixed = await measured(() => traffic(adminCookie, seeded, seconds));
  report(
    `${connections} connections of mixed traffic`,
    mixed.peaks,
    `; ${mixed.result.requests.average.toFixed(0)} req/s, ${mixed.result.non2xx} non-2xx, ${mixed.result.errors} errors`,
  );

  /** Runs `works` (promises answering what they did) under held traffic; answers their words once all are done. */
  async function underHeldTraffic(works) {
    const load = traffic(adminCookie, seeded, 3600, rate);
    try {
      return await Promise.all(works());
    } finally {
      load.stop();
      await load;
    }
  }
  const started = () => {
    const at = performance.now();
    return () => ((performance.now() - at) / 1000).toFixed(0);
  };
  const videoUpload = async (since, title) => {
    await postMultipart(
      base,
      adminCookie,
      "/api/upload-media",
      { userId: String(seeded.userId), serviceId: String(seeded.serviceId), title, description: "Memory bench", isGalleryItem: "false" },
      { name: "site.mp4", type: "video/mp4", bytes: videoBytes(uploadMb) },
    );
    return `${uploadMb} MB video stored after ${since()} s`;
  };
  const held = `${connections} connections at ${rate} req/s`;

  const layer = await measured(() =>
    underHeldTraffic(() => {
      const since = started();
      const layerDone = (async () => {
        const uploaded = await uploadLayer(base, adminCookie, seeded.jobId, ortho, { kind: "orthomosaic", title: "Orthomosaic" });
        const uploadedAfter = since();
        const ready = await until(async () => {
          const layers = await api(adminCookie, "GET", `/api/jobs/${seeded.jobId}/layers`);
          const row = layers.find((candidate) => candidate.id === uploaded.id);
          return row.status === "ready" || row.status === "failed" ? row : undefined;
        });
        return `orthomosaic uploaded after ${uploadedAfter} s, ${ready.status} after ${since()} s`;
      })();
      return [layerDone, videoUpload(since, "Site video")];
    }),
  );
  report(`a ${orthoMb} MB orthomosaic uploaded and processed, a ${uploadMb} MB upload, ${held}`, layer.peaks, `; ${layer.result.join(", ")}`);

  const reportRun = await measured(() =>
    underHeldTraffic(() => {
      const since = started();
      const reportDone = (async () => {
        await api(adminCookie, "POST", `/api/admin/jobs/${seeded.jobId}/report`);
        const version = await until(async () => {
          const { versions } = await api(adminCookie, "GET", `/api/admin/jobs/${seeded.jobId}/report`);
          return versions.find((candidate) => candidate.status === "published" || candidate.status === "failed");
        });
        return `report ${version.status} after ${since()} s`;
      })();
      return [reportDone, videoUpload(since, "Second video")];
    }),
  );
  report(`a ${findingCount}-finding report, a ${uploadMb} MB upload, ${held}`, reportRun.peaks, `; ${reportRun.result.join(", ")}`);

  console.log(`\n| situation | whole tree | proportional | server | children | goal |\n| --- | --- | --- | --- | --- | --- |`);
  for (const row of rows)
    console.log(
      `| ${row.situation} | ${row.tree.toFixed(0)} MB | ${row.proportional.toFixed(0)} MB | ${row.root.toFixed(0)} MB | ${row.children.toFixed(0)} MB | ${GOAL_MB} MB |`,
    );
} finally {
  await stop(server);
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
