import path from "node:path";
import { fromFile } from "geotiff";
import sharp from "sharp";
import type { Database } from "../db/client";
import { mercator } from "../findings/finding-crops";
import { newestReadyLayer } from "../map-layers/read-layers";
import type { Storage } from "../storage/storage";
import { fileToRead } from "../storage/file-to-read";
import { type BaseMapSettings, baseMapBackdrop } from "./report-base-map";
import type { mapBounds, MapBackdrop } from "./report-map";

/** Pixels per point of the map's box: sharp enough printed, small enough for a mail. */
const PIXELS_PER_POINT = 2;
/** The page's own grey where the imagery has no data, so the site reads as "not flown there". */
const NO_DATA = [248, 250, 252] as const;

/**
 * The job's newest ready orthomosaic under the report's site map: the window of its COG over the
 * map's bounds, read from the overview nearest the print's resolution (geotiff.js picks it, so a
 * 1 GB mosaic costs a few tiles, not its whole), as a JPEG in the work folder. Null when the job has
 * no orthomosaic, or its file cannot be read: the map is then drawn without imagery, never failed.
 */
async function siteBackdrop(
  { db, storage }: { db: Database; storage: Storage },
  jobId: number,
  bounds: NonNullable<ReturnType<typeof mapBounds>>,
  workDir: string,
): Promise<{ path: string; title: string } | null> {
  const layer = await newestReadyLayer(db, jobId, "orthomosaic");
  if (!layer?.cogKey) return null;
  try {
    const tiff = await fromFile(await fileToRead(storage, layer.cogKey, path.join(workDir, "backdrop-layer.tif")));
    try {
      const image = await tiff.getImage(0);
      const bands = image.getSamplesPerPixel();
      if (bands < 3) return null;
      const south = mercator(bounds.west, bounds.south);
      const north = mercator(bounds.east, bounds.north);
      const width = Math.round(bounds.width * PIXELS_PER_POINT);
      const height = Math.round(bounds.height * PIXELS_PER_POINT);
      const samples = bands >= 4 ? [0, 1, 2, 3] : [0, 1, 2];
      const raster = (await tiff.readRasters({
        bbox: [south.x, south.y, north.x, north.y],
        width,
        height,
        samples,
        interleave: true,
        resampleMethod: "bilinear",
        fillValue: 0,
      })) as unknown as ArrayLike<number>;
      // Where the mosaic has no data (outside it, or its alpha clear), the page's grey shows.
      const pixels = Buffer.alloc(width * height * 3);
      for (let index = 0; index < width * height; index += 1) {
        const alpha = samples.length === 4 ? raster[index * 4 + 3]! / 255 : raster[index * 3]! + raster[index * 3 + 1]! + raster[index * 3 + 2]! > 0 ? 1 : 0;
        for (let channel = 0; channel < 3; channel += 1) {
          const value = raster[index * samples.length + channel]!;
          pixels[index * 3 + channel] = Math.round(Math.max(0, Math.min(255, value)) * alpha + NO_DATA[channel]! * (1 - alpha));
        }
      }
      const file = path.join(workDir, "backdrop.jpg");
      await sharp(pixels, { raw: { width, height, channels: 3 } })
        .jpeg({ quality: 80 })
        .toFile(file);
      return { path: file, title: layer.title };
    } finally {
      await tiff.close();
    }
  } catch {
    return null;
  }
}

/**
 * What lies under the report's site map: the job's newest ready orthomosaic, else the configured base
 * map's tiles credited to their provider (its usage policy asks for the credit), else nothing. A base
 * map whose tiles fail or are slow leaves the map without imagery, saying so under it.
 */
export async function mapBackdrop(
  context: { db: Database; storage: Storage; baseMap: () => Promise<BaseMapSettings | null> },
  jobId: number,
  bounds: NonNullable<ReturnType<typeof mapBounds>>,
  workDir: string,
): Promise<MapBackdrop | null> {
  const orthomosaic = await siteBackdrop(context, jobId, bounds, workDir);
  if (orthomosaic) return { path: orthomosaic.path, caption: `Imagery: ${orthomosaic.title}` };
  const baseMap = await context.baseMap();
  if (!baseMap) return null;
  const file = await baseMapBackdrop(baseMap, bounds, workDir);
  if (!file) return { path: null, caption: "Base map unavailable" };
  return { path: file, caption: `Base map: ${baseMap.attribution || new URL(baseMap.url.replace(/\{[^}]*\}/g, "x")).host}` };
}
