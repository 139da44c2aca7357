import type { ProcessLimits } from "../../processes/limited-process";

/** What gdalinfo -json says of a raster: the parts processing reads. */
export interface GdalInfo {
  size: [number, number];
  geoTransform?: [number, number, number, number, number, number];
  gcps?: { gcpList?: unknown[]; coordinateSystem?: { wkt?: string } };
  coordinateSystem?: { wkt?: string };
  metadata?: Record<string, Record<string, string> | undefined>;
  wgs84Extent?: { type: "Polygon"; coordinates: [number, number][][] };
  stac?: { "proj:epsg"?: number | null };
  bands: {
    band: number;
    type: string;
    colorInterpretation?: string;
    noDataValue?: number | string;
    minimum?: number;
    maximum?: number;
    mean?: number;
    stdDev?: number;
    metadata?: Record<string, Record<string, string> | undefined>;
  }[];
}

/** What every engine runs under: each program's limits (config.rasters.limits), and the signal that calls the work off. */
export interface EngineOptions {
  limits: { info: ProcessLimits; warp: ProcessLimits };
  signal?: AbortSignal;
}

/**
 * The GDAL programs processing runs, whichever build runs them. Paths are absolute; an output goes
 * in the work folder the engine was opened on.
 */
export interface GdalEngine {
  readonly name: "native" | "wasm";
  /** gdalinfo -json with these arguments (-stats, -approx_stats…). */
  info(file: string, args?: string[]): Promise<GdalInfo>;
  /** gdalwarp; `onProgress` hears 0–100 as GDAL reports it (the native build reports it, the WebAssembly one does not). */
  warp(source: string, target: string, args: string[], onProgress?: (percent: number) => void): Promise<void>;
  /** Lets go of what the engine holds (the WebAssembly child process). */
  close(): Promise<void>;
}

/**
 * GDAL refused the input or failed on it: the message is GDAL's own. Running it again on the same
 * file fails the same way, so processing gives up at once.
 */
export class GdalError extends Error {
  override name = "GdalError";
}

/** GDAL's "ERROR n: …" lines, without the prefix; or the last line of output when there is none. */
export function gdalErrorMessage(output: string): string {
  const lines = output
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const errors = lines.filter((line) => /^ERROR \d+:/.test(line)).map((line) => line.replace(/^ERROR \d+:\s*/, ""));
  return (errors.length > 0 ? errors.join(" ") : (lines.at(-1) ?? "no message")).slice(0, 500);
}

/** GDAL's "0...10...20...100 - done." progress on standard output, as a callback of percentages. */
export function progressReader(onProgress?: (percent: number) => void): (chunk: string) => void {
  let pending = "";
  let last = -1;
  return (chunk) => {
    // Whole lines of words ("Creating output file that is 65P x 49L.") are not progress.
    pending = (pending + chunk).replace(/^[A-Za-z].*\n/gm, "");
    const ticks = [...pending.matchAll(/(\d{1,3})(?=\.|\s-\sdone)/g)];
    if (ticks.length === 0) return;
    const lastTick = ticks.at(-1)!;
    pending = pending.slice(lastTick.index + lastTick[0].length);
    for (const tick of ticks) {
      const percent = Number(tick[1]);
      if (percent <= 100 && percent > last) {
        last = percent;
        onProgress?.(percent);
      }
    }
  };
}

/**
 * The settings every GDAL run gets: no .aux.xml file written beside an input (it may be the stored
 * original, in place), and a 16 MB block cache rather than GDAL's 5% of the machine's memory per
 * process: with gdalwarp's 16 MB of working memory (process-layer.ts), converting a 1 GB
 * orthomosaic peaks at about 150 MB, against 180 MB with 32 MB each and 590 MB with 256 MB, so a
 * layer's processing fits what a 1 GB server leaves it (docs/benchmarks.md, "Memory of the whole
 * process tree"; docs/operations.md §11).
 */
export const GDAL_CONFIG: Record<string, string> = { GDAL_PAM_ENABLED: "NO", GDAL_CACHEMAX: "16" };
