// A 1 GB orthomosaic through the whole product: uploaded to a job, processed by the queue
// into a Cloud Optimized GeoTIFF, then opened on the job's page in Chromium. Reports the processing
// time, the time from opening the page to the map's first drawn view and the bytes transferred for
// it, the probe's answer time, and the server's resident memory while it serves Range reads of the
// COG (it must stay flat: no whole-file reads).
// Usage: npm run build && node bench/map-view.mjs [sizeMB=1000] [engine=auto|native|wasm]
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunch } from "../scripts/chromium.mjs";
import { browserCookies, freePort, loginCookie, NO_OUTSIDE_SERVICES, resourceTimeline, rssMb, stop, uploadLayer, waitFor } from "./server-process.mjs";

const sizeMb = Number(process.argv[2] ?? 1000);
const engine = process.argv[3] ?? "auto";
const work = mkdtempSync(path.join(os.tmpdir(), "skyvantage-bench-map-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

/**
 * An RGB orthomosaic of about sizeMb, uncompressed as drones' stitching software often writes them:
 * random 64 × 64 pixels enlarged bilinearly (smooth fields of colour), 5 cm pixels in UTM 14N.
 */
function orthomosaic() {
  const side = Math.round(Math.sqrt((sizeMb * 1024 * 1024) / 3));
  const seed = path.join(work, "seed.tif");
  const file = path.join(work, "ortho.tif");
  const pixels = Buffer.alloc(64 * 64 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = 40 + Math.floor(Math.random() * 180);
  const raw = path.join(work, "seed.raw");
  writeFileSync(raw, pixels);
  execFileSync("gdal_translate", [
    "-q",
    "-of",
    "GTiff",
    "-a_srs",
    "EPSG:32614",
    "-a_ullr",
    "630000",
    String(3540000 + side * 0.05),
    String(630000 + side * 0.05),
    "3540000",
    vrtOf(raw),
    seed,
  ]);
  execFileSync("gdal_translate", [
    "-q",
    "-of",
    "GTiff",
    "-outsize",
    String(side),
    String(side),
    "-r",
    "bilinear",
    "-co",
    "TILED=YES",
    "-co",
    "BIGTIFF=IF_SAFER",
    seed,
    file,
  ]);
  return file;
}

/** A VRT that reads the raw interleaved bytes as a 64 × 64 RGB image. */
function vrtOf(raw) {
  const vrt = path.join(work, "seed.vrt");
  const bands = [1, 2, 3]
    .map(
      (band) =>
        `<VRTRasterBand dataType="Byte" band="${band}" subClass="VRTRawRasterBand"><SourceFilename relativetoVRT="0">${raw}</SourceFilename><ImageOffset>${band - 1}</ImageOffset><PixelOffset>3</PixelOffset><LineOffset>192</LineOffset></VRTRasterBand>`,
    )
    .join("");
  writeFileSync(vrt, `<VRTDataset rasterXSize="64" rasterYSize="64">${bands}</VRTDataset>`);
  return vrt;
}

async function api(cookie, method, url, body) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, "content-type": "application/json", origin: base },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text);
}

const file = orthomosaic();
const fileMb = statSync(file).size / 1024 / 1024;
console.log(
  `orthomosaic: ${fileMb.toFixed(0)} MB (${
    execFileSync("gdalinfo", [file])
      .toString()
      .match(/Size is (\d+, \d+)/)[1]
  } px)`,
);

const server = spawn(process.execPath, ["dist/server/index.js"], {
  env: {
    ...process.env,
    ...NO_OUTSIDE_SERVICES,
    PORT: String(port),
    DATA_DIR: path.join(work, "data"),
    ADMIN_USERNAME: "bench",
    ADMIN_PASSWORD: "bench-password",
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    GDAL_ENGINE: engine,
  },
  stdio: "inherit",
});
const browser = await chromium.launch(chromiumLaunch);
try {
  await waitFor(`${base}/api/health`, server);
  const cookie = await loginCookie(base, { username: "bench", password: "bench-password" });
  const customer = await fetch(`${base}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({
      username: "bench-customer",
      email: "bench-customer@example.com",
      password: "bench-customer-password",
      firstName: "Bench",
      lastName: "Customer",
    }),
  }).then((r) => r.json());
  const services = await api(cookie, "GET", "/api/services");
  const job = (
    await api(cookie, "POST", "/api/admin/jobs", {
      userId: customer.id ?? customer.data?.id,
      serviceId: services.data[0].id,
      title: "Benchmark site",
      site: { name: "Bench field", address: "", latitude: null, longitude: null },
    })
  ).data;

  const uploadStarted = performance.now();
  const layer = await uploadLayer(base, cookie, job.id, file, { kind: "orthomosaic", title: "Benchmark orthomosaic" });
  const uploadSeconds = (performance.now() - uploadStarted) / 1000;
  const processingStarted = performance.now();
  let ready;
  let peakProcessingRss = 0;
  for (;;) {
    peakProcessingRss = Math.max(peakProcessingRss, rssMb(server.pid));
    const layers = (await api(cookie, "GET", `/api/jobs/${job.id}/layers`)).data;
    ready = layers.find((candidate) => candidate.id === layer.id);
    if (ready.status === "ready" || ready.status === "failed") break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const processingSeconds = (performance.now() - processingStarted) / 1000;
  if (ready.status !== "ready") throw new Error(`processing failed: ${ready.error}`);
  const cogMb = (await fetch(`${base}${ready.cogUrl}`, { method: "HEAD", headers: { cookie } })).headers.get("content-length") / 1024 / 1024;

  // The first view, five times: each a fresh browser profile (nothing cached) with the admin's
  // session. Timed in the page, from navigation start to the moment the viewer marks its map drawn
  // (data-drawn, on OpenLayers' first rendercomplete with a layer shown), awaited without polling:
  // Playwright's own wait would add up to its polling interval, and take the page's main thread.
  const FIRST_VIEWS = 5;
  const firstViews = [];
  let page;
  let context;
  for (let view = 0; view < FIRST_VIEWS; view++) {
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(browserCookies(cookie, base));
    await context.addInitScript(() => {
      window.firstViewDrawn = new Promise((resolve, reject) => {
        new MutationObserver((records, observer) => {
          if (!records.some((record) => record.target.getAttribute("data-drawn") === "true")) return;
          observer.disconnect();
          resolve(performance.now());
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-drawn"] });
        setTimeout(() => reject(new Error("the map drew no view in 60 s")), 60_000);
      });
    });
    page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    let transferred = 0;
    cdp.on("Network.loadingFinished", (event) => (transferred += event.encodedDataLength));
    await page.goto(`${base}/admin-dashboard/jobs/${job.id}`);
    firstViews.push({ ms: await page.evaluate(() => window.firstViewDrawn), mb: transferred / 1024 / 1024 });
  }
  // Where the last first view's time went: each request's start and end after navigation (BENCH_DETAIL=1).
  if (process.env.BENCH_DETAIL) console.log(await resourceTimeline(page));

  // The probe: from the click of "Probe centre" to its answer, timed in the page, five times.
  const probeMs = [];
  for (let i = 0; i < 5; i++) {
    probeMs.push(
      await page.evaluate(async () => {
        const status = document.querySelector("[role='status'][aria-label='Probe']");
        const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === "Probe centre");
        status.textContent = "";
        const started = performance.now();
        const answered = new Promise((resolve) =>
          new MutationObserver(() => status.textContent && resolve(performance.now())).observe(status, { childList: true, subtree: true, characterData: true }),
        );
        button.click();
        return (await answered) - started;
      }),
    );
  }
  await context.close();

  // Range reads of the COG while sampling the server's memory: 400 random 256 KB reads, 8 at a time.
  const size = Math.round(cogMb * 1024 * 1024);
  const rssBefore = rssMb(server.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.pid))), 50);
  const rangeStarted = performance.now();
  for (let round = 0; round < 50; round++) {
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        const start = Math.floor(Math.random() * Math.max(1, size - 262_144));
        const response = await fetch(`${base}${ready.cogUrl}`, { headers: { cookie, range: `bytes=${start}-${start + 262_143}` } });
        await response.arrayBuffer();
      }),
    );
  }
  const rangeSeconds = (performance.now() - rangeStarted) / 1000;
  clearInterval(sampler);
  const rssAfter = rssMb(server.pid);

  const sorted = [...probeMs].sort((a, b) => a - b);
  console.log(
    JSON.stringify(
      {
        engine,
        originalMb: Math.round(fileMb),
        cogMb: Math.round(cogMb),
        uploadSeconds: +uploadSeconds.toFixed(1),
        processingSeconds: +processingSeconds.toFixed(1),
        serverPeakRssWhileProcessingMb: Math.round(peakProcessingRss),
        firstViewMs: firstViews.map((view) => Math.round(view.ms)),
        firstViewMedianMs: Math.round([...firstViews].sort((a, b) => a.ms - b.ms)[Math.floor(FIRST_VIEWS / 2)].ms),
        firstViewTransferredMb: +Math.max(...firstViews.map((view) => view.mb)).toFixed(2),
        probeMedianMs: +sorted[2].toFixed(1),
        probeMaxMs: +sorted[4].toFixed(1),
        rangeReads: {
          count: 400,
          seconds: +rangeSeconds.toFixed(2),
          rssBeforeMb: Math.round(rssBefore),
          rssPeakMb: Math.round(rssPeak),
          rssAfterMb: Math.round(rssAfter),
        },
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await stop(server);
  rmSync(work, { recursive: true, force: true });
}
