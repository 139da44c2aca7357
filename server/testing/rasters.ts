import { execFile } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, rename, rm, stat, truncate, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Runs a gdal-bin tool and answers its standard output. */
export async function gdal(tool: string, args: string[]): Promise<string> {
  const { stdout } = await run(tool, args, { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, GDAL_PAM_ENABLED: "NO" } });
  return stdout;
}

/**
 * A tiled, sparse BigTIFF of `size` × `size` Byte pixels over a 50 km square of UTM zone 14N: GDAL
 * writes its header and empty tile tables alone, so billions of pixels take a few kilobytes.
 */
export async function writeSparseBigTiff(file: string, size: number, bands = 1): Promise<void> {
  const georeference = ["-a_srs", "EPSG:32614", "-a_ullr", "658000", "3542000", "708000", "3492000"];
  const sparse = ["-co", "TILED=YES", "-co", "SPARSE_OK=YES", "-co", "BIGTIFF=YES"];
  await gdal("gdal_create", [
    "-q",
    "-of",
    "GTiff",
    "-outsize",
    String(size),
    String(size),
    "-bands",
    String(bands),
    "-ot",
    "Byte",
    ...georeference,
    ...sparse,
    file,
  ]);
}

// Values are constant over blocks of BLOCK × BLOCK pixels, so a point at a block's centre reads the
// same value before and after a nearest-neighbour warp, whatever grid the warp chose.
const BLOCK = 4;
const WIDTH = 64;
const HEIGHT = 48;

type DataType = "Byte" | "UInt16" | "Float32";
type BandValue = (blockX: number, blockY: number) => number;

interface Georeference {
  srs: string;
  /** GDAL's affine geotransform. */
  geoTransform: [number, number, number, number, number, number];
}

/** A raster written by code; `probe` is a point (WGS84) at the centre of a block and the values there. */
export interface TestRaster {
  path: string;
  bands: number;
  probe: { lon: number; lat: number; values: number[] };
  /** Per band, over every pixel. */
  stats: { min: number; max: number; mean: number }[];
}

export interface TestRasters {
  /** Float32 heights in metres, UTM 14N (EPSG:32614), stripped and uncompressed. */
  dem: TestRaster;
  /** Five UInt16 bands (blue, green, red, rededge, nir): band k holds (k+1)·1000 + 10·blockX + blockY. Tiled, deflate. */
  multispectral: TestRaster;
  /** Float32 °C in geographic WGS84 (EPSG:4326), tiled, LZW. */
  thermal: TestRaster;
  /** Three Byte bands, RGB, UTM 14N. */
  orthomosaic: TestRaster;
  /** Float32 heights already a COG in EPSG:3857. */
  cog3857: TestRaster;
  /** Float32 heights on a geotransform rotated by 30°, UTM 14N. */
  rotated: TestRaster;
  /** The DEM cut at 60% of its bytes: its strips run past the end. */
  truncated: string;
  /** A JPEG file named .tif. */
  jpegRenamed: string;
  /** A valid TIFF with neither geotransform nor coordinate system. */
  noGeoreference: string;
  /** Two Float32 bands, georeferenced: not a thermal layer. */
  thermalTwoBands: string;
  /** 0 bytes. */
  empty: string;
}

const UTM_14N = "EPSG:32614";
// Near 32° N, 97° W (north Texas): 0.5 m pixels.
const UTM_ORIGIN = { x: 658_000, y: 3_542_000 };

function blockValues(bands: BandValue[]): number[][] {
  return bands.map((value) => {
    const pixels: number[] = [];
    for (let y = 0; y < HEIGHT; y += 1) for (let x = 0; x < WIDTH; x += 1) pixels.push(value(Math.floor(x / BLOCK), Math.floor(y / BLOCK)));
    return pixels;
  });
}

function statsOf(pixels: number[]) {
  return { min: Math.min(...pixels), max: Math.max(...pixels), mean: pixels.reduce((sum, value) => sum + value, 0) / pixels.length };
}

const BYTES: Record<DataType, number> = { Byte: 1, UInt16: 2, Float32: 4 };

function rawBytes(type: DataType, pixels: number[][]): Buffer {
  const size = BYTES[type];
  const buffer = Buffer.alloc(pixels.length * pixels[0]!.length * size);
  let offset = 0;
  for (const band of pixels) {
    for (const value of band) {
      if (type === "Byte") buffer.writeUInt8(value, offset);
      else if (type === "UInt16") buffer.writeUInt16LE(value, offset);
      else buffer.writeFloatLE(value, offset);
      offset += size;
    }
  }
  return buffer;
}

/** A VRT over band-sequential raw bytes: how GDAL is given pixel values chosen here, with or without a georeference. */
function rawVrt(rawName: string, type: DataType, bandCount: number, georeference: Georeference | null): string {
  const size = BYTES[type];
  const bands = Array.from(
    { length: bandCount },
    (_, band) => `  <VRTRasterBand dataType="${type}" band="${band + 1}" subClass="VRTRawRasterBand">
    <SourceFilename relativeToVRT="1">${rawName}</SourceFilename>
    <ImageOffset>${band * WIDTH * HEIGHT * size}</ImageOffset>
    <PixelOffset>${size}</PixelOffset>
    <LineOffset>${WIDTH * size}</LineOffset>
    <ByteOrder>LSB</ByteOrder>
  </VRTRasterBand>`,
  ).join("\n");
  const geo = georeference ? `  <SRS>${georeference.srs}</SRS>\n  <GeoTransform>${georeference.geoTransform.join(", ")}</GeoTransform>\n` : "";
  return `<VRTDataset rasterXSize="${WIDTH}" rasterYSize="${HEIGHT}">\n${geo}${bands}\n</VRTDataset>\n`;
}

async function writeRaster(
  dir: string,
  name: string,
  type: DataType,
  bands: BandValue[],
  georeference: Georeference | null,
  translateArgs: string[],
): Promise<{ path: string; pixels: number[][] }> {
  const pixels = blockValues(bands);
  await writeFile(path.join(dir, `${name}.raw`), rawBytes(type, pixels));
  await writeFile(path.join(dir, `${name}.vrt`), rawVrt(`${name}.raw`, type, bands.length, georeference));
  const target = path.join(dir, `${name}.tif`);
  await gdal("gdal_translate", ["-q", ...translateArgs, path.join(dir, `${name}.vrt`), target]);
  await rm(path.join(dir, `${name}.raw`));
  await rm(path.join(dir, `${name}.vrt`));
  return { path: target, pixels };
}

/** The WGS84 longitude and latitude of a pixel position (column, row) of a georeferenced raster. */
export async function lonLatOf(file: string, column: number, row: number): Promise<{ lon: number; lat: number }> {
  const out = await new Promise<string>((resolve, reject) => {
    const child = execFile(
      "gdaltransform",
      ["-t_srs", "EPSG:4326", "-output_xy", file],
      { env: { ...process.env, GDAL_PAM_ENABLED: "NO" } },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
    child.stdin!.end(`${column} ${row}\n`);
  });
  const [lon, lat] = out.trim().split(/\s+/).map(Number);
  return { lon: lon!, lat: lat! };
}

// The probe: the shared corner of the four centre pixels of block (5, 7); values hold for two pixels around.
const PROBE_BLOCK = { x: 5, y: 7 };

async function described(file: { path: string; pixels: number[][] }, bands: BandValue[]): Promise<TestRaster> {
  const point = await lonLatOf(file.path, PROBE_BLOCK.x * BLOCK + BLOCK / 2, PROBE_BLOCK.y * BLOCK + BLOCK / 2);
  return {
    path: file.path,
    bands: bands.length,
    probe: { ...point, values: bands.map((value) => value(PROBE_BLOCK.x, PROBE_BLOCK.y)) },
    stats: file.pixels.map(statsOf),
  };
}

const utm = (pixel: number, rotationDegrees = 0): Georeference => {
  const angle = (rotationDegrees * Math.PI) / 180;
  return {
    srs: UTM_14N,
    geoTransform: [UTM_ORIGIN.x, pixel * Math.cos(angle), -pixel * Math.sin(angle), UTM_ORIGIN.y, -pixel * Math.sin(angle), -pixel * Math.cos(angle)],
  };
};

// Heights in metres, exact in float32.
const height: BandValue = (x, y) => 150 + x + 0.5 * y;
// Temperatures in °C, exact in float32.
const temperature: BandValue = (x, y) => 20 + 0.25 * x + 0.5 * y;

async function buildTestRasters(dir: string): Promise<TestRasters> {
  const multispectralBands: BandValue[] = [0, 1, 2, 3, 4].map((band) => (x, y) => (band + 1) * 1000 + 10 * x + y);
  const rgb: BandValue[] = [(x) => 8 + 15 * x, (_x, y) => 8 + 20 * y, () => 200];
  const [dem, multispectral, thermal, orthomosaic, rotated, cogSource] = await Promise.all([
    writeRaster(dir, "dem", "Float32", [height], utm(0.5), []),
    writeRaster(dir, "multispectral", "UInt16", multispectralBands, utm(0.5), [
      "-co",
      "TILED=YES",
      "-co",
      "BLOCKXSIZE=32",
      "-co",
      "BLOCKYSIZE=32",
      "-co",
      "COMPRESS=DEFLATE",
    ]),
    writeRaster(dir, "thermal", "Float32", [temperature], { srs: "EPSG:4326", geoTransform: [-97.0, 0.000005, 0, 32.0, 0, -0.000005] }, [
      "-co",
      "TILED=YES",
      "-co",
      "BLOCKXSIZE=16",
      "-co",
      "BLOCKYSIZE=16",
      "-co",
      "COMPRESS=LZW",
    ]),
    writeRaster(dir, "orthomosaic", "Byte", rgb, utm(0.5), ["-co", "PHOTOMETRIC=RGB", "-co", "COMPRESS=DEFLATE"]),
    writeRaster(dir, "rotated", "Float32", [height], utm(0.5, 30), []),
    // Web Mercator metres near 32° N: 0.5 m on the ground is about 0.59 m there.
    writeRaster(dir, "cog-source", "Float32", [height], { srs: "EPSG:3857", geoTransform: [-10_797_000, 0.6, 0, 3_763_000, 0, -0.6] }, []),
  ]);
  const cogPath = path.join(dir, "cog3857.tif");
  await gdal("gdal_translate", ["-q", "-of", "COG", "-co", "COMPRESS=DEFLATE", "-co", "BLOCKSIZE=256", cogSource.path, cogPath]);

  const truncated = path.join(dir, "truncated.tif");
  await copyFile(dem.path, truncated);
  const { size } = await stat(dem.path);
  await truncate(truncated, Math.floor(size * 0.6));

  const jpegRenamed = path.join(dir, "photo.tif");
  await gdal("gdal_translate", ["-q", "-of", "JPEG", orthomosaic.path, path.join(dir, "photo.jpg")]);
  await rename(path.join(dir, "photo.jpg"), jpegRenamed);

  const noGeoreference = (await writeRaster(dir, "no-georeference", "Float32", [height], null, [])).path;
  const thermalTwoBands = (await writeRaster(dir, "thermal-two-bands", "Float32", [temperature, temperature], utm(0.5), [])).path;
  const empty = path.join(dir, "empty.tif");
  await writeFile(empty, "");

  return {
    dem: await described(dem, [height]),
    multispectral: await described(multispectral, multispectralBands),
    thermal: await described(thermal, [temperature]),
    orthomosaic: await described(orthomosaic, rgb),
    cog3857: await described({ path: cogPath, pixels: cogSource.pixels }, [height]),
    rotated: await described(rotated, [height]),
    truncated,
    jpegRenamed,
    noGeoreference,
    thermalTwoBands,
    empty,
  };
}

let built: Promise<TestRasters> | undefined;

/**
 * The test rasters, written once per process into a folder of its own under os.tmpdir() (removed at
 * exit), so test files running side by side never share a half-written file.
 */
export function testRasters(): Promise<TestRasters> {
  built ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-rasters-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    return buildTestRasters(dir);
  })();
  return built;
}

/** Real GeoTIFFs from Debian's r-cran-stars (Apache-2.0): never committed, fetched once per machine. */
export interface StarsRasters {
  /** Landsat 7 ETM+, 6 Byte bands (blue, green, red, nir, swir1, swir2), UTM 25S, 349 × 352. */
  l7: string;
  /** A Float32 DEM of Olinda, UTM 25S, 111 × 111. */
  olinda: string;
  /** 20 × 20 Byte on a rotated geotransform (UTM 11N). */
  geomatrix: string;
}

const STARS_CACHE = path.join(os.tmpdir(), "skyvantage-r-cran-stars");
const STARS_TIF = "usr/lib/R/site-library/stars/tif";

function starsPaths(root: string): StarsRasters {
  const dir = path.join(root, STARS_TIF);
  return { l7: path.join(dir, "L7_ETMs.tif"), olinda: path.join(dir, "olinda_dem_utm25s.tif"), geomatrix: path.join(dir, "geomatrix.tif") };
}

async function downloadStars(into: string): Promise<void> {
  try {
    await run("apt-get", ["download", "r-cran-stars"], { cwd: into });
  } catch {
    // A fresh machine may not know the package yet: one update, then the same download.
    await run("apt-get", ["update"]);
    await run("apt-get", ["download", "r-cran-stars"], { cwd: into });
  }
}

let stars: Promise<StarsRasters> | undefined;

/**
 * Fetches r-cran-stars with `apt-get download` and unpacks it with `dpkg-deb -x` into a cache under
 * os.tmpdir(). Processes racing to fill the cache each unpack into a folder of their own and rename it
 * into place; whichever rename comes second finds the cache there and uses it.
 */
export function starsRasters(): Promise<StarsRasters> {
  stars ??= (async () => {
    const cached = starsPaths(STARS_CACHE);
    if (Object.values(cached).every((file) => existsSync(file))) return cached;
    await mkdir(os.tmpdir(), { recursive: true });
    const work = await mkdtemp(path.join(os.tmpdir(), "skyvantage-stars-download-"));
    try {
      await downloadStars(work);
      const deb = (await readdir(work)).find((name) => name.endsWith(".deb"));
      if (!deb) throw new Error("apt-get download r-cran-stars wrote no .deb");
      const unpacked = path.join(work, "unpacked");
      await run("dpkg-deb", ["-x", path.join(work, deb), unpacked]);
      await rename(unpacked, STARS_CACHE).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
      });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    return cached;
  })();
  return stars;
}

const STARS_FILES = { "L7_ETMs.tif": "l7", "olinda_dem_utm25s.tif": "olinda", "geomatrix.tif": "geomatrix" } as const;

/** One r-cran-stars GeoTIFF by its file name: its path in the cache. */
export async function starsRaster(name: keyof typeof STARS_FILES): Promise<string> {
  return (await starsRasters())[STARS_FILES[name]];
}
