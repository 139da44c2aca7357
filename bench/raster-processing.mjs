// Map layer processing with each GDAL engine, through the built server as an admin uses it:
// POST /api/admin/jobs/:id/layers (upload and the header check by Range), then the map-layer task
// until the layer is ready. For a ~1 GB RGB orthomosaic and the small test rasters it reports the
// seconds from queued to ready and the peak resident memory of the server and of GDAL's processes
// (gdalwarp and gdalinfo for native, the gdal3.js child process for wasm), sampled every 100 ms.
// Usage: npm run build && npm run bench:rasters [-- sizeMB=1000 engines=native,wasm]
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { tsImport } from "tsx/esm/api";
import { orthomosaic } from "./orthomosaic.mjs";
import { treeSampler } from "./process-tree.mjs";
import { NO_OUTSIDE_SERVICES, freePort, freshDatabase, loginCookie, stop, uploadLayer, waitFor } from "./server-process.mjs";

const options = Object.fromEntries(process.argv.slice(2).map((arg) => arg.split("=")));
const sizeMb = Number(options.sizeMB ?? 1000);
const engines = (options.engines ?? "native,wasm").split(",");
const { testRasters } = await tsImport("../server/testing/rasters.ts", import.meta.url);
const { validateGeoTiff } = await tsImport("../server/map-layers/validate-geotiff.ts", import.meta.url);
const { LocalDiskStorage } = await tsImport("../server/storage/local-disk.ts", import.meta.url);
const { loadConfig } = await tsImport("../server/config.ts", import.meta.url);

if (!existsSync("dist/server/index.js")) throw new Error("build first: npm run build");

async function json(base, url, cookie, init = {}) {
  const res = await fetch(`${base}${url}`, { ...init, headers: { cookie, "content-type": "application/json", ...(init.headers ?? {}) } });
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${url} answered ${res.status} ${await res.text()}`);
  return res.json();
}

/** A server with this engine, an admin, a customer and a job to put layers on. */
async function serverWith(engine) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-bench-rasters-"));
  const database = await freshDatabase("skyvantage_bench_rasters");
  const server = spawn(process.execPath, ["dist/server/index.js"], {
    env: {
      ...process.env,
      ...NO_OUTSIDE_SERVICES,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      ADMIN_USERNAME: "bench",
      ADMIN_PASSWORD: "bench-password",
      LOG_LEVEL: "warn",
      GDAL_ENGINE: engine,
    },
    stdio: "inherit",
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/health`, server);
    const cookie = await loginCookie(base, { username: "bench", password: "bench-password" });
    const customer = await json(base, "/api/register", "", {
      method: "POST",
      body: JSON.stringify({ username: "bench-customer", email: "customer@example.com", firstName: "Bench", lastName: "Customer", password: "correct-horse" }),
    });
    const services = await json(base, "/api/services", cookie);
    const job = await json(base, "/api/admin/jobs", cookie, {
      method: "POST",
      body: JSON.stringify({
        userId: customer.id,
        serviceId: services.data[0].id,
        title: "Raster bench",
        site: { name: "Bench site", address: "1 Quay St", latitude: 32, longitude: -97 },
      }),
    });
    return {
      base,
      cookie,
      jobId: job.data.id,
      server,
      close: async () => {
        await stop(server);
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stop(server);
    throw error;
  }
}

/** Uploads the file as a layer and waits for it: upload seconds, processing seconds, memory peaks, the layer. */
async function processOne(site, file, fields) {
  const memory = treeSampler(site.server.pid);
  const started = performance.now();
  const created = await uploadLayer(site.base, site.cookie, site.jobId, file, fields);
  const uploaded = performance.now();
  let layer = created;
  let shown = -1;
  while (layer.status === "queued" || layer.status === "processing") {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const list = await json(site.base, `/api/jobs/${site.jobId}/layers`, site.cookie);
    layer = list.data.find((candidate) => candidate.id === created.id);
    if (layer.progress !== shown && statSync(file).size > 100e6) process.stdout.write(`${layer.status} ${layer.progress}%  `);
    shown = layer.progress;
  }
  const done = performance.now();
  const peaks = memory.stop();
  if (statSync(file).size > 100e6) process.stdout.write("\n");
  if (layer.status !== "ready") throw new Error(`${path.basename(file)} failed: ${layer.error}`);
  return { uploadSeconds: (uploaded - started) / 1000, processSeconds: (done - uploaded) / 1000, peaks, layer };
}

const ortho = await orthomosaic(sizeMb);
const orthoMb = statSync(ortho).size / 1e6;
const small = await testRasters();

// The header check alone, on the orthomosaic where it lies: what the upload request adds.
{
  const storage = new LocalDiskStorage(path.dirname(ortho));
  let reads = 0;
  const read = storage.read.bind(storage);
  storage.read = (key, range) => ((reads += 1), read(key, range));
  const started = performance.now();
  await validateGeoTiff(storage, path.basename(ortho), statSync(ortho).size, { kind: "orthomosaic", bands: [] }, loadConfig({}).rasters.bounds);
  console.log(`header check of the ${orthoMb.toFixed(0)} MB orthomosaic: ${(performance.now() - started).toFixed(0)} ms, ${reads} range reads`);
}

const rows = [];
for (const engine of engines) {
  const site = await serverWith(engine);
  try {
    for (const [name, file, fields] of [
      ["DEM 64×48 Float32", small.dem.path, { kind: "elevation", title: "DEM" }],
      ["thermal 64×48 Float32", small.thermal.path, { kind: "thermal", title: "Thermal" }],
      ["multispectral 64×48 5×UInt16", small.multispectral.path, { kind: "multispectral", title: "Multispectral", bands: "blue,green,red,rededge,nir" }],
      [`RGB orthomosaic ${orthoMb.toFixed(0)} MB`, ortho, { kind: "orthomosaic", title: "Orthomosaic" }],
    ]) {
      const result = await processOne(site, file, fields);
      const first = await fetch(`${site.base}${result.layer.cogUrl}`, { headers: { cookie: site.cookie, range: "bytes=0-0" } });
      await first.arrayBuffer();
      const cogMb = Number((first.headers.get("content-range") ?? "/0").split("/")[1]) / 1e6;
      const row = {
        load: os.loadavg()[0].toFixed(1),
        engine,
        raster: name,
        upload: result.uploadSeconds.toFixed(1),
        process: result.processSeconds.toFixed(1),
        server: result.peaks.root.toFixed(0),
        gdal: result.peaks.children.toFixed(0),
        cog: cogMb.toFixed(cogMb < 1 ? 3 : 0),
        resolution: result.layer.resolution,
      };
      rows.push(row);
      console.log(
        `${engine} · ${name}: upload+check ${row.upload} s, queued→ready ${row.process} s, peak RSS server ${row.server} MB, GDAL processes ${row.gdal} MB (${result.peaks.commands.join(", ") || "none seen"}), COG ${row.cog} MB; host load average ${row.load}`,
      );
    }
  } finally {
    await site.close();
  }
}

// The 1-minute load average after each layer: on a shared host, what the seconds should be read against.
console.log(`\n${os.cpus().length} cores\n| engine | raster | upload + header check | queued → ready | peak RSS server | peak RSS GDAL | COG | load |`);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
for (const row of rows)
  console.log(`| ${row.engine} | ${row.raster} | ${row.upload} s | ${row.process} s | ${row.server} MB | ${row.gdal} MB | ${row.cog} MB | ${row.load} |`);
