import path from "node:path";
import type { BandStats, LayerBounds } from "@common/contract/map-layers";
import type { MapLayerKind } from "@common/map-layer-kinds";
import { GdalError, type GdalEngine, type GdalInfo } from "./gdal/engine";
import { geoTiffMessages } from "./validate-geotiff";

/** What processing found: where the COG is, and what the layer's row records. */
export interface ProcessedRaster {
  /** The COG's path: the input itself when it already was a COG in EPSG:3857. */
  cog: string;
  reused: boolean;
  /** The COG's band names in file order (an RGB orthomosaic gains "alpha"). */
  bands: string[];
  stats: BandStats[];
  bounds: LayerBounds;
  /** cm per pixel on the ground at the layer's centre. */
  resolutionCm: number;
  /** TIFFTAG_DATETIME of the upload, when it carries one. */
  capturedAt: Date | null;
}

/**
 * The input cannot become a layer, and never will: GDAL refused it, or it is not what its kind
 * needs. The message is for the admin who uploaded it.
 */
export class RasterRefused extends Error {
  override name = "RasterRefused";
}

// Exact statistics read every pixel; above this many, GDAL's approximate ones (from overviews) are
// within a fraction of a percent and take seconds instead of minutes.
const EXACT_STATS_MAX_PIXELS = 50_000_000;

const FLOAT_NODATA = -9999;

/** Progress as the row shows it: 5 when taken, validation to 10, the warp 10–85, statistics 90. */
export const PROGRESS = { taken: 5, validated: 10, warped: 85, measured: 90 } as const;

function epsgOf(info: GdalInfo): number | null {
  const stac = info.stac?.["proj:epsg"];
  if (typeof stac === "number") return stac;
  // The WKT's last ID is the whole CRS's (earlier ones belong to its parts).
  const ids = [...(info.coordinateSystem?.wkt ?? "").matchAll(/ID\["EPSG",\s*(\d+)\]/g)];
  return ids.length > 0 ? Number(ids.at(-1)![1]) : null;
}

function isGeoreferenced(info: GdalInfo): boolean {
  const placed = info.geoTransform !== undefined || (info.gcps?.gcpList?.length ?? 0) >= 3;
  const crs = info.coordinateSystem?.wkt || info.gcps?.coordinateSystem?.wkt;
  return placed && Boolean(crs);
}

function bandsFit(kind: MapLayerKind, count: number, named: readonly string[]): boolean {
  if (kind === "thermal" || kind === "elevation") return count === 1;
  if (kind === "orthomosaic") return count === 3 || count === 4;
  return count === named.length;
}

/** "2024:05:14 10:30:00" (TIFF has no time zone: read as UTC) → a Date, or null when absent or unreadable. */
function tiffDateTime(value: string | undefined): Date | null {
  const parts = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value?.trim() ?? "");
  if (!parts) return null;
  const [, year, month, day, hour, minute, second] = parts.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return Number.isNaN(date.getTime()) || year < 1900 ? null : date;
}

function isFloat(type: string): boolean {
  return type.startsWith("Float") || type.startsWith("CFloat");
}

/**
 * What each kind gets besides the common COG options. An orthomosaic's outside is transparent (an
 * alpha band); data layers keep their type and mark the outside as nodata, or keep the upload's own
 * nodata value, which gdalwarp carries over.
 */
function fillArgs(kind: MapLayerKind, info: GdalInfo): string[] {
  if (kind === "orthomosaic") return info.bands.length === 4 ? ["-srcalpha", "-dstalpha"] : ["-dstalpha"];
  const first = info.bands[0]!;
  if (first.noDataValue !== undefined) return [];
  if (isFloat(first.type) || /^Int/.test(first.type)) return ["-dstnodata", String(FLOAT_NODATA)];
  // Unsigned integers cannot hold -9999; 0 is the convention of multispectral cameras' exports.
  return ["-dstnodata", "0"];
}

function warpArgs(kind: MapLayerKind, info: GdalInfo): string[] {
  return [
    "-t_srs",
    "EPSG:3857",
    "-r",
    "near",
    "-of",
    "COG",
    "-co",
    "COMPRESS=DEFLATE",
    // Horizontal differencing (floating-point for floats): elevation and 16-bit bands compress far better.
    "-co",
    "PREDICTOR=YES",
    "-co",
    "BLOCKSIZE=256",
    "-co",
    "OVERVIEW_RESAMPLING=AVERAGE",
    "-co",
    "BIGTIFF=IF_SAFER",
    // Working memory per chunk: with the block cache (engine.ts), what keeps gdalwarp small.
    "-wm",
    "16",
    "-overwrite",
    ...fillArgs(kind, info),
  ];
}

function statOf(band: GdalInfo["bands"][number], name: string): BandStats {
  const metadata = band.metadata?.[""] ?? {};
  // The metadata's full precision rather than gdalinfo's three decimals.
  const value = (key: string, fallback: number | undefined) => {
    const precise = Number(metadata[`STATISTICS_${key}`]);
    return Number.isFinite(precise) && metadata[`STATISTICS_${key}`] !== undefined ? precise : fallback;
  };
  const min = value("MINIMUM", band.minimum);
  const max = value("MAXIMUM", band.maximum);
  const mean = value("MEAN", band.mean);
  const stdDev = value("STDDEV", band.stdDev);
  if (min === undefined || max === undefined || mean === undefined || stdDev === undefined)
    throw new RasterRefused("The raster holds no valid pixels once placed on the map (every pixel is nodata).");
  return { name, min, max, mean, stdDev };
}

function boundsOf(info: GdalInfo): LayerBounds {
  const ring = info.wgs84Extent?.coordinates[0];
  if (!ring || ring.length === 0) throw new RasterRefused("GDAL could not place the converted raster in longitude and latitude.");
  const lons = ring.map(([lon]) => lon);
  const lats = ring.map(([, lat]) => lat);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

const ORTHOMOSAIC_BANDS = ["red", "green", "blue", "alpha"];

function bandNames(kind: MapLayerKind, named: readonly string[], count: number): string[] {
  if (kind === "multispectral") return [...named];
  if (kind === "orthomosaic") return ORTHOMOSAIC_BANDS.slice(0, count);
  return [kind === "elevation" ? "elevation" : "temperature"];
}

/** GDAL's message with the work folder's paths replaced by the file's own name. */
function plain(message: string, input: string, name: string): string {
  return message
    .replaceAll(input, name)
    .replaceAll(`/input/${path.basename(input)}`, name)
    .replaceAll(path.dirname(input) + "/", "")
    .trim();
}

export interface RasterJob {
  kind: MapLayerKind;
  /** Multispectral: the names the admin gave, in file order. */
  bands: readonly string[];
  /** The upload's own name, for messages. */
  originalName: string;
}

/**
 * Turns an upload into a layer: validate with gdalinfo (georeference, band count), warp to a COG in
 * EPSG:3857 with overviews (or keep the upload when it already is one), then read the COG's
 * statistics, bounds and resolution. Throws RasterRefused for an input that will never work;
 * anything else (the engine's process killed…) may work on a second attempt.
 */
export async function processRaster(
  engine: GdalEngine,
  input: string,
  workDir: string,
  job: RasterJob,
  onProgress: (percent: number) => void,
): Promise<ProcessedRaster> {
  const refusing = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof GdalError)
        throw new RasterRefused(`GDAL could not process ${job.originalName}: ${plain(error.message, input, job.originalName)}`, { cause: error });
      throw error;
    }
  };

  const original = await refusing(() => engine.info(input));
  if (!isGeoreferenced(original)) throw new RasterRefused(geoTiffMessages.noGeoreference);
  if (!bandsFit(job.kind, original.bands.length, job.bands)) throw new RasterRefused(geoTiffMessages.bands(job.kind, original.bands.length, job.bands.length));
  onProgress(PROGRESS.validated);

  const reused = original.metadata?.IMAGE_STRUCTURE?.LAYOUT === "COG" && epsgOf(original) === 3857;
  const cog = reused ? input : path.join(workDir, "layer-cog.tif");
  if (!reused) {
    const span = PROGRESS.warped - PROGRESS.validated;
    await refusing(() =>
      engine.warp(input, cog, warpArgs(job.kind, original), (percent) => onProgress(PROGRESS.validated + Math.round((percent * span) / 100))),
    );
  }
  onProgress(PROGRESS.warped);

  const [width, height] = original.size;
  const statsArgs = width * height > EXACT_STATS_MAX_PIXELS ? ["-approx_stats"] : ["-stats"];
  const processed = await refusing(() => engine.info(cog, statsArgs));
  onProgress(PROGRESS.measured);

  const bands = bandNames(job.kind, job.bands, processed.bands.length);
  const bounds = boundsOf(processed);
  const pixelMetres = Math.abs(processed.geoTransform?.[1] ?? NaN);
  const centreLatitude = ((bounds[1] + bounds[3]) / 2) * (Math.PI / 180);
  // Web Mercator stretches distances by 1/cos(latitude): a ground centimetre is smaller than a map one.
  const resolutionCm = Math.round(pixelMetres * Math.cos(centreLatitude) * 100 * 100) / 100;
  if (!Number.isFinite(resolutionCm)) throw new RasterRefused("GDAL reported no pixel size for the converted raster.");
  return {
    cog,
    reused,
    bands,
    stats: processed.bands.map((band, index) => statOf(band, bands[index] ?? `band${index + 1}`)),
    bounds,
    resolutionCm,
    capturedAt: tiffDateTime(original.metadata?.[""]?.TIFFTAG_DATETIME),
  };
}
