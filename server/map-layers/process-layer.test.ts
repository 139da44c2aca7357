import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MapLayerKind } from "@common/map-layer-kinds";
import { type Config, loadConfig } from "../config";
import { mapLayers } from "../db/schema";
import { LocalDiskStorage } from "../storage/local-disk";
import type { Storage } from "../storage/storage";
import { appWithUsers } from "../testing/factories";
import { jobDriver } from "../testing/jobs";
import { gdal, lonLatOf, starsRasters, testRasters, type StarsRasters, type TestRaster, type TestRasters } from "../testing/rasters";
import type { TestApp } from "../testing/test-app";
import { GdalError, type GdalInfo } from "./gdal/engine";
import { wasmEngine } from "./gdal/wasm";
import { openGdalEngine } from "./gdal/open-engine";
import { cogKeyFor, layerMessages, processLayer } from "./process-layer-task";
import { PROGRESS, processRaster } from "./process-layer";
import { geoTiffMessages } from "./validate-geotiff";

type Engine = Config["rasters"]["engine"];

let t: TestApp;
let jobId: number;
let rasters: TestRasters;
let stars: StarsRasters;
let root: string;
const defaults = loadConfig({}).rasters;
const limits = { limits: defaults.limits };

beforeAll(async () => {
  const { t: app, users, serviceId } = await appWithUsers(["admin", "customer", "pilot"]);
  t = app;
  const [admin, customer, pilot] = users;
  jobId = await jobDriver(t, admin, pilot, serviceId).jobAt(customer, "flown");
  [rasters, stars] = await Promise.all([testRasters(), starsRasters()]);
  root = await mkdtemp(path.join(os.tmpdir(), "skyvantage-layers-"));
});
afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

const info = async (file: string, ...args: string[]): Promise<GdalInfo> => JSON.parse(await gdal("gdalinfo", ["-json", ...args, file])) as GdalInfo;
const valuesAt = async (file: string, lon: number, lat: number) =>
  (await gdal("gdallocationinfo", ["-valonly", "-wgs84", file, String(lon), String(lat)])).trim().split("\n");

/** [west, south, east, north] of gdalinfo's wgs84Extent. */
async function extentOf(file: string): Promise<number[]> {
  const ring = (await info(file)).wgs84Extent!.coordinates[0]!;
  return [Math.min(...ring.map((p) => p[0])), Math.min(...ring.map((p) => p[1])), Math.max(...ring.map((p) => p[0])), Math.max(...ring.map((p) => p[1]))];
}

/** Every key under the store's root (not its .incoming folder). */
async function storedKeys(storage: string): Promise<string[]> {
  const entries = await readdir(storage, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(storage, path.join(entry.parentPath, entry.name)))
    .filter((key) => !key.startsWith(".incoming"))
    .sort();
}

interface Setup {
  engine: Engine;
  storage?: Storage;
  capturedAt?: Date;
  lastAttempt?: boolean;
}

/** Stores the file as an upload and writes its queued row; `run` processes it, `read` reads the row. */
async function stored(file: string, kind: MapLayerKind, bands: string[], setup: Setup) {
  const folder = await mkdtemp(path.join(root, "store-"));
  const storage = setup.storage ?? new LocalDiskStorage(folder);
  const originalKey = `map-layers/${randomUUID()}-original.tif`;
  const { size } = await storage.put(originalKey, createReadStream(file));
  const [row] = await t.database.db
    .insert(mapLayers)
    .values({
      jobId,
      kind,
      title: path.basename(file),
      bands,
      capturedAt: setup.capturedAt ?? null,
      originalKey,
      originalName: path.basename(file),
      originalSize: size,
    })
    .returning();
  const readied: number[] = [];
  const context = {
    db: t.database.db,
    storage,
    rasters: { ...defaults, engine: setup.engine, maxBytes: 1e10 },
    log: t.app.log,
    layerReady: async (jobId: number) => void readied.push(jobId),
  };
  const run = () => processLayer(context, row!.id, { lastAttempt: setup.lastAttempt ?? true });
  const read = async () => (await t.database.db.select().from(mapLayers).where(eq(mapLayers.id, row!.id)))[0]!;
  return { storage, folder, run, read, originalKey, readied };
}

/** stored(), processed: the row after, and the COG's path in a local store. */
async function processed(file: string, kind: MapLayerKind, bands: string[], setup: Setup) {
  const upload = await stored(file, kind, bands, setup);
  await upload.run();
  const layer = await upload.read();
  return { ...upload, layer, cogPath: layer.cogKey ? path.join(upload.folder, layer.cogKey) : null };
}

/** The COG is a COG, in EPSG:3857, tiled 256 × 256. */
async function expectCog3857(file: string) {
  const cog = await info(file);
  expect(cog.metadata?.IMAGE_STRUCTURE?.LAYOUT).toBe("COG");
  expect(cog.stac?.["proj:epsg"]).toBe(3857);
  return cog;
}

/** The layer's bounds against gdalinfo's wgs84Extent of the upload: the warp adds at most a pixel or two at the edges. */
async function expectBoundsOf(bounds: number[] | null, original: string) {
  const expected = await extentOf(original);
  expect(bounds).toHaveLength(4);
  bounds!.forEach((value, index) => expect(Math.abs(value - expected[index]!)).toBeLessThan(0.0002));
}

/** gdallocationinfo -wgs84 reads the same values at the raster's probe point in the COG as in the upload, and they are the values written. */
async function expectProbe(cog: string, raster: TestRaster) {
  const { lon, lat, values } = raster.probe;
  const original = await valuesAt(raster.path, lon, lat);
  expect(original.map(Number)).toEqual(values);
  expect((await valuesAt(cog, lon, lat)).slice(0, values.length)).toEqual(original);
}

/** gdallocationinfo -wgs84 reads the same values in the COG as in the upload at the centres of these pixels of the upload. */
async function expectSameValues(cog: string, original: string, pixels: [number, number][]) {
  for (const [column, row] of pixels) {
    const { lon, lat } = await lonLatOf(original, column + 0.5, row + 0.5);
    const before = await valuesAt(original, lon, lat);
    expect(before.every((value) => value !== "")).toBe(true);
    expect((await valuesAt(cog, lon, lat)).slice(0, before.length)).toEqual(before);
  }
}

describe.each<Engine>(["native", "wasm"])("processing with the %s engine", (engine) => {
  it("turns the DEM into a COG in EPSG:3857 with its statistics, bounds, resolution and values", async () => {
    const { layer, cogPath } = await processed(rasters.dem.path, "elevation", ["elevation"], { engine });
    expect(layer).toMatchObject({ status: "ready", progress: 100, error: null, bands: ["elevation"] });
    const cog = await expectCog3857(cogPath!);
    expect(cog.bands[0]!.noDataValue).toBe(-9999);
    expect(cog.bands[0]!.type).toBe("Float32");
    const [stats] = layer.stats!;
    expect(stats).toMatchObject({ name: "elevation", min: rasters.dem.stats[0]!.min, max: rasters.dem.stats[0]!.max });
    expect(stats!.mean).toBeCloseTo(rasters.dem.stats[0]!.mean, 0);
    expect(stats!.stdDev).toBeGreaterThan(0);
    await expectBoundsOf(layer.bounds, rasters.dem.path);
    // 0.5 m pixels.
    expect(layer.resolutionCm).toBeGreaterThan(48);
    expect(layer.resolutionCm).toBeLessThan(52);
    await expectProbe(cogPath!, rasters.dem);
  });

  it("turns the thermal raster (°C, geographic coordinates) into a COG with its temperatures", async () => {
    const { layer, cogPath, readied } = await processed(rasters.thermal.path, "thermal", ["temperature"], { engine });
    expect(layer).toMatchObject({ status: "ready", progress: 100, bands: ["temperature"] });
    // Ready, it says so once for its job: the findings' crops follow from it.
    expect(readied).toEqual([layer.jobId]);
    await expectCog3857(cogPath!);
    expect(layer.stats![0]).toMatchObject({ name: "temperature", min: 20, max: 29.25 });
    expect(layer.stats![0]!.mean).toBeCloseTo(rasters.thermal.stats[0]!.mean, 0);
    await expectBoundsOf(layer.bounds, rasters.thermal.path);
    await expectProbe(cogPath!, rasters.thermal);
  });

  it("refuses a raster GDAL cannot place, failing the row with GDAL's reason and deleting the upload", async () => {
    // A local engineering CRS: GDAL knows no way from it to Web Mercator.
    const local = path.join(root, `local-crs-${engine}.tif`);
    await gdal("gdal_translate", ["-q", "-a_srs", 'LOCAL_CS["site grid",UNIT["metre",1]]', rasters.dem.path, local]);
    const { layer, folder } = await processed(local, "elevation", ["elevation"], { engine });
    expect(layer.status).toBe("failed");
    expect(layer.error).toMatch(new RegExp(`^GDAL could not process local-crs-${engine}\\.tif: .+`));
    expect(layer.error).not.toContain(os.tmpdir());
    expect(layer.cogKey).toBeNull();
    expect(await storedKeys(folder)).toEqual([]);
  });
});

describe("processing", () => {
  it("keeps a 5-band multispectral tile's bands, names and values, with 0 as nodata for unsigned bands", async () => {
    const names = ["blue", "green", "red", "rededge", "nir"];
    const { layer, cogPath } = await processed(rasters.multispectral.path, "multispectral", names, { engine: "native" });
    expect(layer).toMatchObject({ status: "ready", bands: names });
    const cog = await expectCog3857(cogPath!);
    expect(cog.bands.map((band) => [band.type, band.noDataValue])).toEqual(names.map(() => ["UInt16", 0]));
    expect(layer.stats!.map(({ name, min, max }) => ({ name, min, max }))).toEqual(
      names.map((name, index) => ({ name, min: rasters.multispectral.stats[index]!.min, max: rasters.multispectral.stats[index]!.max })),
    );
    await expectProbe(cogPath!, rasters.multispectral);
  });

  it("gives an RGB orthomosaic an alpha band for its outside, named red, green, blue, alpha", async () => {
    const { layer, cogPath } = await processed(rasters.orthomosaic.path, "orthomosaic", ["red", "green", "blue"], { engine: "native" });
    expect(layer).toMatchObject({ status: "ready", bands: ["red", "green", "blue", "alpha"] });
    const cog = await expectCog3857(cogPath!);
    expect(cog.bands.map((band) => band.colorInterpretation)).toEqual(["Red", "Green", "Blue", "Alpha"]);
    expect(layer.stats!.map((band) => band.name)).toEqual(["red", "green", "blue", "alpha"]);
    // The colour bands' statistics count the transparent outside too (GDAL's statistics read nodata values, not alpha).
    expect(layer.stats![2]!.max).toBe(200);
    expect(layer.stats![3]).toMatchObject({ min: 0, max: 255 });
    await expectProbe(cogPath!, rasters.orthomosaic);
  });

  it("uses an upload that already is a COG in EPSG:3857 as it is, storing nothing more", async () => {
    const { layer, folder, originalKey } = await processed(rasters.cog3857.path, "elevation", ["elevation"], { engine: "native" });
    expect(layer).toMatchObject({ status: "ready", cogKey: originalKey });
    expect(layer.stats![0]).toMatchObject({ min: 150, max: 170.5 });
    expect(await storedKeys(folder)).toEqual([originalKey]);
  });

  it("warps a rotated geotransform to its true place", async () => {
    const { layer, cogPath } = await processed(rasters.rotated.path, "elevation", ["elevation"], { engine: "native" });
    expect(layer.status).toBe("ready");
    await expectCog3857(cogPath!);
    await expectBoundsOf(layer.bounds, rasters.rotated.path);
    await expectProbe(cogPath!, rasters.rotated);
  });

  it("gives a COG overviews", async () => {
    const large = path.join(root, "large-dem.tif");
    await gdal("gdal_create", [
      "-of",
      "GTiff",
      "-outsize",
      "1500",
      "1500",
      "-bands",
      "1",
      "-ot",
      "Float32",
      "-burn",
      "42",
      "-a_srs",
      "EPSG:32614",
      "-a_ullr",
      "658000",
      "3542000",
      "658750",
      "3541250",
      large,
    ]);
    const { layer, cogPath } = await processed(large, "elevation", ["elevation"], { engine: "native" });
    expect(layer.status).toBe("ready");
    const cog = (await info(cogPath!)) as GdalInfo & { bands: { overviews?: unknown[] }[] };
    expect(cog.bands[0]!.overviews?.length).toBeGreaterThanOrEqual(2);
  });

  it("takes the capture date from TIFFTAG_DATETIME when none was given, and keeps the one given", async () => {
    const dated = path.join(root, "dated.tif");
    await gdal("gdal_translate", ["-q", "-mo", "TIFFTAG_DATETIME=2025:06:14 09:30:15", rasters.dem.path, dated]);
    expect((await processed(dated, "elevation", ["elevation"], { engine: "native" })).layer.capturedAt?.toISOString()).toBe("2025-06-14T09:30:15.000Z");
    const given = new Date("2025-07-01T00:00:00Z");
    expect((await processed(dated, "elevation", ["elevation"], { engine: "native", capturedAt: given })).layer.capturedAt?.toISOString()).toBe(
      given.toISOString(),
    );
    expect((await processed(rasters.dem.path, "elevation", ["elevation"], { engine: "native" })).layer.capturedAt).toBeNull();
  });

  it("fails a layer whose file GDAL finds has no georeference, or bands not of its kind, deleting the upload", async () => {
    const unplaced = await processed(rasters.noGeoreference, "elevation", ["elevation"], { engine: "native" });
    expect(unplaced.layer).toMatchObject({ status: "failed", error: geoTiffMessages.noGeoreference });
    expect(await storedKeys(unplaced.folder)).toEqual([]);
    const twoBands = await processed(rasters.thermalTwoBands, "thermal", ["temperature"], { engine: "native" });
    expect(twoBands.layer).toMatchObject({ status: "failed", error: "A thermal layer has one band (temperature in °C); this file has 2 bands." });
    expect(await storedKeys(twoBands.folder)).toEqual([]);
  });

  it("fails a truncated upload (as it would be, had it passed the upload's check) and leaves nothing", async () => {
    const { layer, folder } = await processed(rasters.truncated, "elevation", ["elevation"], { engine: "native" });
    expect(layer.status).toBe("failed");
    expect(layer.error).toMatch(/^GDAL could not process truncated\.tif: /);
    expect(await storedKeys(folder)).toEqual([]);
  });

  it("reads an upload from a store with no local path (a bucket) through a work file it removes", async () => {
    const folder = await mkdtemp(path.join(root, "bucket-"));
    const disk = new LocalDiskStorage(folder);
    const bucket: Storage = {
      put: (key, body) => disk.put(key, body),
      read: (key, range) => disk.read(key, range),
      stat: (key) => disk.stat(key),
      delete: (key) => disk.delete(key),
      sweepIncomplete: () => disk.sweepIncomplete(),
    };
    const workRoot = await mkdtemp(path.join(root, "tmp-"));
    const tmpdir = process.env.TMPDIR;
    process.env.TMPDIR = workRoot;
    try {
      const { layer } = await processed(rasters.thermal.path, "thermal", ["temperature"], { engine: "native", storage: bucket });
      expect(layer.status).toBe("ready");
      expect(await disk.stat(layer.cogKey!)).not.toBeNull();
    } finally {
      if (tmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdir;
    }
    expect(await readdir(workRoot)).toEqual([]);
  });

  it("runs again after a crash between storing the COG and marking the row, to the same COG and nothing more", async () => {
    const first = await processed(rasters.dem.path, "elevation", ["elevation"], { engine: "native" });
    const { cogKey } = first.layer;
    expect(cogKey).toBe(cogKeyFor(first.originalKey));
    // As a crash would leave it: the COG stored, the row still processing.
    await t.database.db
      .update(mapLayers)
      .set({ status: "processing", progress: 85, cogKey: null, stats: null, bounds: null })
      .where(eq(mapLayers.id, first.layer.id));
    await first.run();
    const again = await first.read();
    expect(again).toMatchObject({ status: "ready", progress: 100, cogKey, stats: first.layer.stats, bounds: first.layer.bounds });
    expect(await storedKeys(first.folder)).toEqual([cogKey, first.originalKey].sort());
  });

  it("puts a layer back in the queue when storing fails before its last attempt, and finishes it on the next", async () => {
    const folder = await mkdtemp(path.join(root, "flaky-"));
    const disk = new LocalDiskStorage(folder);
    let failures = 1;
    // A store whose first write of a COG fails, as a bucket out of reach would.
    const flaky: Storage = Object.assign(Object.create(disk) as LocalDiskStorage, {
      put: (key: string, body: Readable) => {
        if (key.endsWith("-original.tif") || failures-- <= 0) return disk.put(key, body);
        body.destroy();
        return Promise.reject(new Error("bucket unreachable"));
      },
    });
    const upload = await stored(rasters.dem.path, "elevation", ["elevation"], { engine: "native", storage: flaky, lastAttempt: false });
    await expect(upload.run()).rejects.toThrow("bucket unreachable");
    expect(await upload.read()).toMatchObject({ status: "queued", progress: 0, error: null, cogKey: null });
    await upload.run();
    const layer = await upload.read();
    expect(layer).toMatchObject({ status: "ready", progress: 100 });
    expect(await storedKeys(folder)).toEqual([layer.cogKey!, upload.originalKey].sort());
  });

  it("fails a layer for good when its last attempt fails for any reason, and leaves nothing", async () => {
    const folder = await mkdtemp(path.join(root, "broken-"));
    const disk = new LocalDiskStorage(folder);
    const broken: Storage = Object.assign(Object.create(disk) as LocalDiskStorage, {
      put: (key: string, body: Readable) => {
        if (key.endsWith("-original.tif")) return disk.put(key, body);
        body.destroy();
        return Promise.reject(new Error("bucket unreachable"));
      },
    });
    const { layer } = await processed(rasters.dem.path, "elevation", ["elevation"], { engine: "native", storage: broken, lastAttempt: true });
    expect(layer).toMatchObject({ status: "failed", error: layerMessages.gaveUp });
    expect(await storedKeys(folder)).toEqual([]);
  });

  it("fails a layer whose upload has gone from storage", async () => {
    const folder = await mkdtemp(path.join(root, "gone-"));
    const disk = new LocalDiskStorage(folder);
    const vanishing: Storage = Object.assign(Object.create(disk) as LocalDiskStorage, { stat: async () => null });
    const { layer } = await processed(rasters.dem.path, "elevation", ["elevation"], { engine: "native", storage: vanishing });
    expect(layer).toMatchObject({ status: "failed", error: layerMessages.gone });
  });
});

describe("Debian's real GeoTIFFs (r-cran-stars)", () => {
  const L7_BANDS = ["blue", "green", "red", "nir", "swir1", "swir2"];

  // The WebAssembly GDAL reprojects the 6-band scene in ~10 s on a quiet machine and three times that beside other suites: room for the load, not a speed check.
  it.each<Engine>(["native", "wasm"])(
    "the Landsat scene as multispectral with six named bands (%s)",
    async (engine) => {
      const { layer, cogPath } = await processed(stars.l7, "multispectral", L7_BANDS, { engine });
      expect(layer).toMatchObject({ status: "ready", bands: L7_BANDS });
      await expectCog3857(cogPath!);
      expect(layer.stats!.map((band) => band.name)).toEqual(L7_BANDS);
      const original = await info(stars.l7, "-stats");
      layer.stats!.forEach((band, index) => {
        expect(band.max).toBeLessThanOrEqual(original.bands[index]!.maximum!);
        expect(band.mean).toBeCloseTo(original.bands[index]!.mean!, -1);
      });
      await expectBoundsOf(layer.bounds, stars.l7);
      // 28.5 m pixels.
      expect(layer.resolutionCm).toBeGreaterThan(2700);
      expect(layer.resolutionCm).toBeLessThan(3000);
      await expectSameValues(cogPath!, stars.l7, [
        [10, 10],
        [100, 33],
        [200, 300],
      ]);
    },
    120_000,
  );

  it.each<Engine>(["native", "wasm"])("the Olinda DEM as elevation (%s)", async (engine) => {
    const { layer, cogPath } = await processed(stars.olinda, "elevation", ["elevation"], { engine });
    expect(layer.status).toBe("ready");
    await expectCog3857(cogPath!);
    const original = await info(stars.olinda, "-stats");
    expect(layer.stats![0]!.min).toBeGreaterThanOrEqual(original.bands[0]!.minimum! - 1e-3);
    expect(layer.stats![0]!.max).toBeLessThanOrEqual(original.bands[0]!.maximum! + 1e-3);
    await expectBoundsOf(layer.bounds, stars.olinda);
    await expectSameValues(cogPath!, stars.olinda, [
      [10, 10],
      [55, 55],
      [100, 33],
    ]);
  });

  it.each<Engine>(["native", "wasm"])("geomatrix.tif, a rotated geotransform, to its true place (%s)", async (engine) => {
    const { layer, cogPath } = await processed(stars.geomatrix, "elevation", ["elevation"], { engine });
    expect(layer.status).toBe("ready");
    await expectCog3857(cogPath!);
    await expectBoundsOf(layer.bounds, stars.geomatrix);
    await expectSameValues(cogPath!, stars.geomatrix, [
      [10, 10],
      [5, 15],
      [15, 5],
    ]);
  });
});

describe("engines", () => {
  it("GDAL_ENGINE=auto takes the native programs when gdalwarp is on PATH, and the WebAssembly build when not", async () => {
    const workDir = await mkdtemp(path.join(root, "engine-"));
    const auto = await openGdalEngine("auto", workDir, limits);
    expect(auto.name).toBe("native");
    await auto.close();
    const pathVariable = process.env.PATH;
    process.env.PATH = workDir;
    try {
      const fallback = await openGdalEngine("auto", workDir, limits);
      expect(fallback.name).toBe("wasm");
      await fallback.close();
      await expect(openGdalEngine("native", workDir, limits)).rejects.toThrow(/GDAL_ENGINE=native but gdalwarp or gdalinfo is not on PATH/);
    } finally {
      process.env.PATH = pathVariable;
    }
    const wasm = await openGdalEngine("wasm", workDir, limits);
    expect(wasm.name).toBe("wasm");
    await wasm.close();
  });

  it("report progress through the warp, the native one from gdalwarp's own ticks", async () => {
    for (const name of ["native", "wasm"] as const) {
      const workDir = await mkdtemp(path.join(root, "progress-"));
      const engine = await openGdalEngine(name, workDir, limits);
      const seen: number[] = [];
      try {
        await processRaster(engine, rasters.dem.path, workDir, { kind: "elevation", bands: [], originalName: "dem.tif" }, (percent) => seen.push(percent));
      } finally {
        await engine.close();
      }
      expect(seen.slice().sort((a, b) => a - b)).toEqual(seen);
      expect(seen[0]).toBe(PROGRESS.validated);
      expect(seen.at(-1)).toBe(PROGRESS.measured);
      const duringWarp = seen.filter((percent) => percent > PROGRESS.validated && percent < PROGRESS.warped);
      if (name === "native") expect(duringWarp.length).toBeGreaterThanOrEqual(5);
      else expect(duringWarp).toEqual([]);
    }
  });

  it("a WebAssembly engine whose process dies rejects what it was asked with an error that is not GDAL's (the queue retries it)", async () => {
    const workDir = await mkdtemp(path.join(root, "killed-"));
    const engine = await wasmEngine(workDir, limits);
    const asked = engine.info(rasters.dem.path, ["-stats"]);
    process.kill(engine.pid, "SIGKILL");
    const error = await asked.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(GdalError);
    expect((error as Error).message).toMatch(/^the GDAL WebAssembly process exited \(SIGKILL\)/);
    await engine.close();
  });
});
