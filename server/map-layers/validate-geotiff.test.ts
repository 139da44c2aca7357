import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat, truncate } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MapLayerKind } from "@common/map-layer-kinds";
import { loadConfig } from "../config";
import { DomainError } from "../domain-errors";
import { LocalDiskStorage } from "../storage/local-disk";
import type { ByteRange, Storage } from "../storage/storage";
import { gdal, starsRasters, testRasters, type StarsRasters, type TestRasters, writeSparseBigTiff } from "../testing/rasters";
import { geoTiffMessages, validateGeoTiff } from "./validate-geotiff";

/** The local disk store, counting the reads it serves and their bytes. */
class CountingStorage extends LocalDiskStorage {
  ranges: (ByteRange | undefined)[] = [];

  override read(key: string, range?: ByteRange) {
    this.ranges.push(range);
    return super.read(key, range);
  }

  get bytesRead(): number {
    return this.ranges.reduce((sum, range) => sum + (range ? range.end - range.start + 1 : Infinity), 0);
  }
}

let root: string;
let rasters: TestRasters;
let stars: StarsRasters;
let counter = 0;
const { bounds } = loadConfig({}).rasters;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "skyvantage-validate-"));
  [rasters, stars] = await Promise.all([testRasters(), starsRasters()]);
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** Stores the file in a fresh store and validates it as `kind`. */
async function validate(file: string, kind: MapLayerKind, bands: string[] = []) {
  const storage = new CountingStorage(root);
  counter += 1;
  const key = `map-layers/upload-${counter}.tif`;
  const { size } = await storage.put(key, createReadStream(file));
  storage.ranges = [];
  const result = await validateGeoTiff(storage, key, size, { kind, bands }, bounds);
  return { ...result, storage, size };
}

async function refusal(file: string, kind: MapLayerKind, bands: string[] = []): Promise<DomainError> {
  const error = await validate(file, kind, bands).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  const domain = error as DomainError;
  expect(domain.kind).toBe("invalid");
  expect(domain.errors).toEqual({ file: domain.message });
  return domain;
}

describe("validateGeoTiff accepts", () => {
  it("each generated raster as its kind, answering its band count", async () => {
    expect((await validate(rasters.dem.path, "elevation")).bandCount).toBe(1);
    expect((await validate(rasters.thermal.path, "thermal")).bandCount).toBe(1);
    expect((await validate(rasters.orthomosaic.path, "orthomosaic")).bandCount).toBe(3);
    expect((await validate(rasters.multispectral.path, "multispectral", ["blue", "green", "red", "rededge", "nir"])).bandCount).toBe(5);
    expect((await validate(rasters.cog3857.path, "elevation")).bandCount).toBe(1);
    expect((await validate(rasters.rotated.path, "elevation")).bandCount).toBe(1);
  });

  it("Debian's real GeoTIFFs: the Landsat scene as six named bands, the Olinda DEM, the rotated geomatrix", async () => {
    expect((await validate(stars.l7, "multispectral", ["blue", "green", "red", "nir", "swir1", "swir2"])).bandCount).toBe(6);
    expect((await validate(stars.olinda, "elevation")).bandCount).toBe(1);
    expect((await validate(stars.geomatrix, "elevation")).bandCount).toBe(1);
  });

  it("an RGBA orthomosaic", async () => {
    const rgba = path.join(root, "rgba.tif");
    await gdal("gdal_translate", ["-q", "-b", "1", "-b", "2", "-b", "3", "-b", "3", "-co", "ALPHA=YES", rasters.orthomosaic.path, rgba]);
    expect((await validate(rgba, "orthomosaic")).bandCount).toBe(4);
  });

  it("reading only a few byte ranges: the header block and the offset tables, never the whole file", async () => {
    const { storage, size } = await validate(stars.l7, "multispectral", ["blue", "green", "red", "nir", "swir1", "swir2"]);
    expect(storage.ranges.every((range) => range !== undefined)).toBe(true);
    expect(storage.ranges.length).toBeLessThanOrEqual(4);
    expect(storage.bytesRead).toBeLessThan(Math.min(size / 4, 100_000));
  });

  it("a 100,000 × 100,000 tiled BigTIFF (150,000 tiles) in a few reads of its tables, not its gigabytes", async () => {
    // Sparse: GDAL writes the header and empty offset tables; what a 10 GB upload's header costs to check.
    const big = path.join(root, "big.tif");
    await writeSparseBigTiff(big, 100_000, 3);
    const started = performance.now();
    const { storage, bandCount } = await validate(big, "orthomosaic");
    expect(bandCount).toBe(3);
    expect(storage.ranges.length).toBeLessThanOrEqual(4);
    // Two tables of 152,881 eight-byte entries and the first 64 KB.
    expect(storage.bytesRead).toBeLessThan(2 * 152_881 * 8 + 70_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe("validateGeoTiff refuses, naming the file with a clear reason", () => {
  it("a truncated TIFF, saying how far its data runs and how long the file is", async () => {
    const { size } = await stat(rasters.truncated);
    const error = await refusal(rasters.truncated, "elevation");
    expect(error.message).toMatch(/^The file is truncated: its image data runs to byte [\d,]+ but the file has only [\d,]+ bytes/);
    expect(error.message).toContain(size.toLocaleString("en-US"));
  });

  it("a file cut inside its image directory", async () => {
    const cut = path.join(root, "cut-directory.tif");
    await gdal("gdal_translate", ["-q", rasters.dem.path, cut]);
    await truncate(cut, 100);
    const error = await refusal(cut, "elevation");
    expect(error.message).toBe(geoTiffMessages.truncatedDirectory(100));
  });

  it("a JPEG renamed .tif, and an empty file, as not a TIFF", async () => {
    expect((await refusal(rasters.jpegRenamed, "orthomosaic")).message).toBe(geoTiffMessages.notTiff);
    expect((await refusal(rasters.empty, "orthomosaic")).message).toBe(geoTiffMessages.notTiff);
  });

  it("a TIFF without a georeference", async () => {
    expect((await refusal(rasters.noGeoreference, "elevation")).message).toBe(geoTiffMessages.noGeoreference);
  });

  it("a TIFF with a position but no coordinate system", async () => {
    const noCrs = path.join(root, "no-crs.tif");
    await gdal("gdal_translate", ["-q", "-a_ullr", "0", "10", "10", "0", rasters.noGeoreference, noCrs]);
    expect((await refusal(noCrs, "elevation")).message).toBe(geoTiffMessages.noGeoreference);
  });

  it("bands that do not match the kind", async () => {
    expect((await refusal(rasters.thermalTwoBands, "thermal")).message).toBe("A thermal layer has one band (temperature in °C); this file has 2 bands.");
    expect((await refusal(rasters.orthomosaic.path, "elevation")).message).toBe("An elevation layer has one band (height in metres); this file has 3 bands.");
    expect((await refusal(rasters.dem.path, "orthomosaic")).message).toBe("An orthomosaic has 3 bands (RGB) or 4 (RGBA); this file has 1 band.");
    const named = await refusal(stars.l7, "multispectral", ["blue", "green", "red", "rededge", "nir"]);
    expect(named.message).toBe("The file has 6 bands but 5 band names were given: name each band of the file, in file order.");
  });
});

describe("validateGeoTiff through any store", () => {
  it("asks only for byte ranges, so a bucket serves it with ranged GETs", async () => {
    const ranges: (ByteRange | undefined)[] = [];
    const disk = new LocalDiskStorage(root);
    const key = "map-layers/through-any-store.tif";
    const { size } = await disk.put(key, createReadStream(rasters.thermal.path));
    const rangeOnly: Storage = {
      put: (k, body) => disk.put(k, body),
      read: (k, range) => {
        ranges.push(range);
        if (!range) throw new Error("a whole-file read");
        return disk.read(k, range);
      },
      stat: (k) => disk.stat(k),
      delete: (k) => disk.delete(k),
      sweepIncomplete: () => disk.sweepIncomplete(),
    };
    expect(await validateGeoTiff(rangeOnly, key, size, { kind: "thermal", bands: [] }, bounds)).toEqual({ bandCount: 1 });
    expect(ranges.length).toBeGreaterThan(0);
  });
});
