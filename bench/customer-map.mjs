// The customer's job map as a delivered solar job leaves it, through the built server: a generated
// RGB orthomosaic (bench/orthomosaic.mjs, UTM 14N) and a Float32 thermal layer over the same ground
// (15 cm pixels, a hot spot under each finding), each uploaded and processed; the base map from a
// tile server of the bench's own on 127.0.0.1 (server/testing/tile-peer.ts, MAP_TILES_URL); and
// findings imported as one CSV on a grid over the layers, open (a status the customer sees), the
// job delivered (when the customer sees its map and findings). Measured:
//  - the finding crops (docs/decisions/0073-finding-crops.md): from the import until the findings
//    API lists a thermal and a visual crop for every finding (polled every 500 ms), with the resident
//    memory of the server and of its child processes before and at peak (bench/process-tree.mjs,
//    every 200 ms); first for a tenth of the findings on a second job with the same layers, then for
//    all of them, so that memory can be seen not to grow with the count;
//  - the customer's /dashboard/jobs/:id opened five times (BENCH_VIEWS), each in a fresh browser context (nothing
//    cached): milliseconds from navigation start to the map's first drawn view (the viewer's
//    data-drawn, as bench/map-view.mjs times it), the median against 1.5 s, the bytes transferred by
//    then, the base map's tiles asked for, and the pins and tiles on the map's canvases at that
//    moment (and, if the pins came later, when).
// Exits non-zero when a step fails; figures over the target are reported, not failed.
// BENCH_DETAIL=1 also prints where the last view's time went: its requests, the main thread's long
// tasks and its busiest functions in each 100 ms (a CPU profile, which slows the views it is taken in).
// Usage: npm run build && node bench/customer-map.mjs [sizeMB=1000] [findings=1000]
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { tsImport } from "tsx/esm/api";
import { chromiumLaunch } from "../scripts/chromium.mjs";
import { orthomosaic } from "./orthomosaic.mjs";
import { treeMemory, treeSampler } from "./process-tree.mjs";
import {
  browserCookies,
  callData,
  deliverJob,
  importFindings,
  layerReady,
  loginCookie,
  resourceTimeline,
  uploadLayer,
  withBenchServer,
} from "./server-process.mjs";

const sizeMb = Number(process.argv[2] ?? 1000);
const FINDINGS = Number(process.argv[3] ?? 1000);
const SMALLER = Math.max(1, Math.round(FINDINGS / 10));
// BENCH_VIEWS=n for a steadier median on a busy host.
const FIRST_VIEWS = Number(process.env.BENCH_VIEWS ?? 5);
const TARGET_MS = 1500;
const CROPS_TIMEOUT_MS = 30 * 60_000;
const TILE_RGB = [200, 60, 200];
const adminLogin = { username: "bench", password: "bench-password" };

const { startTilePeer } = await tsImport("../server/testing/tile-peer.ts", import.meta.url);
const { writePlantedThermal } = await tsImport("../server/testing/thermal-rasters.ts", import.meta.url);
const { SEVERITY_COLOURS } = await tsImport("../client/src/components/site-map/severity-colours.ts", import.meta.url);
const PIN_RGB = Object.values(SEVERITY_COLOURS).map((hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)));

// The orthomosaic's ground (bench/orthomosaic.mjs): a square of 3 cm pixels from (658000, 3542000) in UTM 14N.
const ORTHO_PIXEL = 0.03;
const WEST = 658_000;
const NORTH = 3_542_000;
const THERMAL_PIXEL = 0.15;

/** Where the findings lie, in UTM 14N: a grid over the orthomosaic with a 5% margin, so each lies inside both layers. */
function findingPlaces(side, count) {
  const extent = side * ORTHO_PIXEL;
  const columns = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / columns);
  const step = (extent * 0.9) / Math.max(columns, rows);
  return Array.from({ length: count }, (_, n) => ({
    x: WEST + extent * 0.05 + (n % columns) * step + step / 2,
    y: NORTH - extent * 0.05 - Math.floor(n / columns) * step - step / 2,
    deltaT: 1 + ((n * 7) % 30),
  }));
}

/** The WGS84 longitude and latitude of UTM 14N points, in one gdaltransform. */
function lonLats(places) {
  const out = execFileSync("gdaltransform", ["-s_srs", "EPSG:32614", "-t_srs", "EPSG:4326", "-output_xy"], {
    input: places.map((place) => `${place.x} ${place.y}`).join("\n") + "\n",
  }).toString();
  return out
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number));
}

/** A thermal GeoTIFF over the orthomosaic's ground, each finding a 3 × 3 pixel hot spot its ΔT above the background. */
async function thermal(dir, side, places) {
  const width = Math.ceil((side * ORTHO_PIXEL) / THERMAL_PIXEL);
  const spots = places.map((place) => ({
    column: Math.floor((place.x - WEST) / THERMAL_PIXEL) - 1,
    row: Math.floor((NORTH - place.y) / THERMAL_PIXEL) - 1,
    size: 3,
    deltaT: place.deltaT,
  }));
  return writePlantedThermal(dir, "thermal", {
    width,
    height: width,
    spots,
    srs: "EPSG:32614",
    geoTransform: [WEST, THERMAL_PIXEL, 0, NORTH, 0, -THERMAL_PIXEL],
  });
}

/** The findings CSV: open hot spots with their ΔT (the severity follows it), at the places given. */
function findingsCsv(places, coordinates) {
  const rows = places.map((place, n) => {
    const [lon, lat] = coordinates[n];
    return [
      "hot_spot",
      lat.toFixed(7),
      lon.toFixed(7),
      `B-R${String(Math.floor(n / 40)).padStart(2, "0")}-M${String(n % 40).padStart(2, "0")}`,
      place.deltaT,
      "open",
    ].join(",");
  });
  return ["class,lat,lon,locator,deltaT,status", ...rows].join("\n");
}

/** A customer's solar job, with its thermal layer and its orthomosaic uploaded (not yet waited for). */
async function jobWithLayers(base, admin, userId, serviceId, title, files) {
  const site = { name: "South array", address: "", latitude: 32, longitude: -97.3 };
  const { id: jobId } = await callData(base, admin, "POST", "/api/admin/jobs", { userId, serviceId, title, site });
  const layers = [];
  for (const [file, fields] of [
    [files.thermal, { kind: "thermal", title: "Thermal" }],
    [files.ortho, { kind: "orthomosaic", title: "Orthomosaic" }],
  ])
    layers.push(await uploadLayer(base, admin, jobId, file, fields));
  return { jobId, layers };
}

/**
 * Imports the findings into the job and waits until each lists a thermal and a visual crop: the
 * seconds from the import, and the memory of the server and its children before and at peak.
 */
async function cropPhase(base, admin, server, jobId, csv, count) {
  const before = treeMemory(server.pid);
  const memory = treeSampler(server.pid, 200);
  const started = performance.now();
  let findings;
  let peak;
  try {
    await importFindings(base, admin, jobId, csv, count);
    for (;;) {
      findings = await callData(base, admin, "GET", `/api/jobs/${jobId}/findings`);
      const outside = findings.find((finding) => finding.outsideLayers.length > 0);
      if (outside) throw new Error(`finding ${outside.id} lies outside ${outside.outsideLayers.join(", ")}`);
      const cropped = findings.filter((finding) => ["thermal", "visual"].every((kind) => finding.images.some((image) => image.kind === kind))).length;
      if (findings.length === count && cropped === count) break;
      if (performance.now() - started > CROPS_TIMEOUT_MS) throw new Error(`${cropped} of ${count} findings cropped after ${CROPS_TIMEOUT_MS / 60_000} minutes`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    peak = memory.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  return { count, seconds, before, peak };
}

/** Opens the customer's job page in a fresh context and times its map's first drawn view in the page. */
async function firstView(browser, base, customerCookie, jobId, tiles) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies(browserCookies(customerCookie, base));
    await context.addInitScript(
      ({ tile, pins }) => {
        const near = (data, at, rgb) => Math.abs(data[at] - rgb[0]) <= 2 && Math.abs(data[at + 1] - rgb[1]) <= 2 && Math.abs(data[at + 2] - rgb[2]) <= 2;
        // The pixels of the base map's colour and of the pins' on the map's 2D canvases (the drawn
        // layers' WebGL canvases answer no 2D context): what the first view drew besides the layers.
        window.mapPixels = () => {
          const counts = { tile: 0, pins: 0 };
          for (const canvas of document.querySelectorAll("[role='region'][aria-label='Site map'] canvas")) {
            const context = canvas.width && canvas.height ? canvas.getContext("2d") : null;
            if (!context) continue;
            const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
            for (let at = 0; at < data.length; at += 4) {
              if (data[at + 3] !== 255) continue;
              if (near(data, at, tile)) counts.tile += 1;
              else if (pins.some((pin) => near(data, at, pin))) counts.pins += 1;
            }
          }
          return counts;
        };
        // Awaited by the bench (no polling of the page it times, which would take the main thread from it).
        window.firstViewDrawn = new Promise((resolve, reject) => {
          new MutationObserver((records, observer) => {
            if (!records.some((record) => record.target.getAttribute("data-drawn") === "true")) return;
            const at = performance.now();
            window.firstViewPixels = window.mapPixels();
            observer.disconnect();
            resolve(at);
          }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-drawn"] });
          setTimeout(() => reject(new Error("the map drew no view in 60 s")), 60_000);
        });
        // The main thread's long tasks, for the timeline (BENCH_DETAIL=1).
        window.longTasks = [];
        new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((entry) => [entry.startTime, entry.duration]))).observe({
          type: "longtask",
          buffered: true,
        });
      },
      { tile: TILE_RGB, pins: PIN_RGB },
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    let transferred = 0;
    cdp.on("Network.loadingFinished", (event) => (transferred += event.encodedDataLength));
    if (process.env.BENCH_DETAIL) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
    }
    const tilesBefore = tiles.requests.length;
    await page.goto(`${base}/dashboard/jobs/${jobId}`);
    const ms = await page.evaluate(() => window.firstViewDrawn);
    const mb = transferred / 1024 / 1024;
    const tilesAsked = tiles.requests.length - tilesBefore;
    const pixels = await page.evaluate(() => window.firstViewPixels);
    // Pins not in the first drawn view: when they came, or a failure if they never do.
    const pinsAt =
      pixels.pins > 0
        ? ms
        : await (await page.waitForFunction(() => window.mapPixels().pins > 0 && performance.now(), undefined, { timeout: 15_000 })).jsonValue();
    if (tilesAsked === 0) throw new Error("the customer's map asked the tile server for no tile");
    const timeline = process.env.BENCH_DETAIL
      ? (await resourceTimeline(page)) +
        "\n" +
        profileWindows((await cdp.send("Profiler.stop")).profile, ms) +
        "\n" +
        (await page.evaluate(() =>
          window.longTasks.map(([start, duration]) => `${start.toFixed(0).padStart(5)}–${(start + duration).toFixed(0).padStart(5)} ms long task`).join("\n"),
        ))
      : "";
    return { ms, mb, tilesAsked, pixels, pinsAt, timeline };
  } finally {
    await context.close();
  }
}

/**
 * The main thread's busiest functions in each 100 ms of a CPU profile up to `until` ms (for
 * BENCH_DETAIL=1): where a long task's time went. Times count from the profile's start, which is
 * a few milliseconds before the navigation's.
 */
function profileWindows({ nodes, samples, timeDeltas }, until) {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const windows = new Map();
  let at = 0;
  for (const [n, sample] of samples.entries()) {
    at += timeDeltas[n] / 1000;
    const { functionName, url, lineNumber, columnNumber } = byId.get(sample).callFrame;
    if (at > until || ["(idle)", "(program)", "(root)"].includes(functionName)) continue;
    const where = `${functionName || "(anonymous)"} ${url.replace(/^.*\//, "")}:${lineNumber + 1}:${columnNumber + 1}`;
    const window = Math.floor(at / 100);
    if (!windows.has(window)) windows.set(window, new Map());
    const spent = windows.get(window);
    spent.set(where, (spent.get(where) ?? 0) + timeDeltas[n] / 1000);
  }
  return [...windows.entries()]
    .map(([window, spent]) => {
      const total = [...spent.values()].reduce((sum, value) => sum + value, 0);
      const top = [...spent.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4);
      return `${String(window * 100).padStart(5)}–${String(window * 100 + 100).padStart(5)} ms busy ${total.toFixed(0)} ms: ${top.map(([where, value]) => `${where} ${value.toFixed(0)}`).join(", ")}`;
    })
    .join("\n");
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mb = (value) => `${Math.round(value)} MB`;

const work = mkdtempSync(path.join(os.tmpdir(), "skyvantage-bench-customer-map-"));
const tiles = await startTilePeer(TILE_RGB);
try {
  const ortho = await orthomosaic(sizeMb);
  const side = Math.floor(Math.sqrt((sizeMb * 1e6) / 3));
  const places = findingPlaces(side, FINDINGS);
  const coordinates = lonLats(places);
  const thermalFile = await thermal(work, side, places);
  const files = { ortho, thermal: thermalFile };
  console.log(
    `orthomosaic ${(statSync(ortho).size / 1e6).toFixed(0)} MB (${side} × ${side} px), thermal ${(statSync(thermalFile).size / 1e6).toFixed(0)} MB; ${FINDINGS} findings; ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}`,
  );

  await withBenchServer(
    { name: "customer-map", admin: adminLogin, env: { MAP_TILES_URL: tiles.template, MAP_TILES_ATTRIBUTION: "© Bench tiles" } },
    async ({ base, server, database }) => {
      const admin = await loginCookie(base, adminLogin);
      const stamp = Date.now().toString(36);
      const customer = {
        username: `map-${stamp}`,
        email: `map-${stamp}@example.com`,
        firstName: "Bench",
        lastName: "Customer",
        password: "bench-customer-password",
      };
      await callData(base, "", "POST", "/api/register", customer);
      const customerCookie = await loginCookie(base, customer);
      const { id: userId } = await callData(base, customerCookie, "GET", "/api/user");
      const services = await callData(base, admin, "GET", "/api/services?active=true");
      const { id: serviceId } = services.find((service) => service.category === "solar") ?? services[0];

      // Both jobs' layers, processed before anything is timed.
      const processing = performance.now();
      const smaller = await jobWithLayers(base, admin, userId, serviceId, "South array (a tenth)", files);
      const main = await jobWithLayers(base, admin, userId, serviceId, "South array", files);
      for (const { jobId, layers } of [smaller, main]) for (const layer of layers) await layerReady(base, admin, jobId, layer.id);
      console.log(
        `4 layers uploaded and ready in ${((performance.now() - processing) / 1000).toFixed(1)} s; database: ${database.url ? "PostgreSQL" : "PGlite"}`,
      );
      for (const { jobId } of [smaller, main]) await deliverJob(base, admin, jobId);

      const crops = [
        await cropPhase(base, admin, server, smaller.jobId, findingsCsv(places.slice(0, SMALLER), coordinates), SMALLER),
        await cropPhase(base, admin, server, main.jobId, findingsCsv(places, coordinates), FINDINGS),
      ];

      const seen = await callData(base, customerCookie, "GET", `/api/jobs/${main.jobId}/findings`);
      if (seen.length !== FINDINGS) throw new Error(`the customer sees ${seen.length} findings, not ${FINDINGS}`);
      const browser = await chromium.launch(chromiumLaunch);
      const views = [];
      try {
        for (let view = 0; view < FIRST_VIEWS; view += 1) views.push(await firstView(browser, base, customerCookie, main.jobId, tiles));
      } finally {
        await browser.close();
      }

      console.log(`\nfinding crops (a thermal and a visual crop each), from the import to the last listed:`);
      console.log("| findings | time | per finding | memory before: server / children / both | peak: server / children / both |");
      console.log("| --- | --- | --- | --- | --- |");
      for (const { count, seconds, before, peak } of crops)
        console.log(
          `| ${count} | ${seconds.toFixed(1)} s | ${((seconds * 1000) / count).toFixed(0)} ms | ${mb(before.root)} / ${mb(before.children)} / ${mb(before.tree)} | ${mb(peak.root)} / ${mb(peak.children)} / ${mb(peak.tree)} |`,
        );
      console.log(`\n/dashboard/jobs/:id as its customer, ${FINDINGS} findings, the base map and both layers; ${FIRST_VIEWS} views, each in a fresh context:`);
      for (const [n, view] of views.entries())
        console.log(
          `  view ${n + 1}: first drawn view ${Math.round(view.ms)} ms, ${view.mb.toFixed(2)} MB transferred, ${view.tilesAsked} tiles asked, ` +
            `tile / pin pixels then ${view.pixels.tile} / ${view.pixels.pins}${view.pixels.pins > 0 ? "" : `, pins drawn at ${Math.round(view.pinsAt)} ms`}`,
        );
      // Where the last view's time went: its requests and the main thread's long tasks (BENCH_DETAIL=1).
      if (process.env.BENCH_DETAIL)
        console.log(
          views
            .at(-1)
            .timeline.split("\n")
            .sort((a, b) => parseInt(a) - parseInt(b))
            .join("\n"),
        );
      const firstViewMedian = median(views.map((view) => view.ms));
      console.log(
        `  median ${Math.round(firstViewMedian)} ms (target ${TARGET_MS} ms: ${firstViewMedian <= TARGET_MS ? "met" : "OVER"}); most transferred ${Math.max(...views.map((view) => view.mb)).toFixed(2)} MB; load average ${os.loadavg()[0].toFixed(1)}`,
      );
    },
  );
} finally {
  await tiles.close();
  rmSync(work, { recursive: true, force: true });
}
