import { fromUrl, type GeoTIFFImage } from "geotiff";
import { pixelAt } from "./probe";
import type { PixelWindow } from "./thermal-pick";

/** Each COG's header is read once (a Range request or two); its full-resolution image answers every probe. */
const images = new Map<string, Promise<GeoTIFFImage>>();

/** The COG's full-resolution image, its header read by Range once per page. */
export function readHeader(url: string): Promise<GeoTIFFImage> {
  let image = images.get(url);
  if (!image) {
    image = fromUrl(url).then((tiff) => tiff.getImage(0));
    // A failed read (offline, the session ended) is tried afresh on the next probe.
    image.catch(() => images.delete(url));
    images.set(url, image);
  }
  return image;
}

export interface PixelValues {
  /** The file's value in each band at the point; null outside the layer. */
  values: number[] | null;
  nodata: number | null;
}

/**
 * The exact values of the COG at a Web Mercator point: its full-resolution image (never an
 * overview), one pixel read by Range (the one tile that holds it), as GDAL would read them.
 */
export async function readPixel(url: string, coordinate: readonly number[], signal?: AbortSignal): Promise<PixelValues> {
  const image = await readHeader(url);
  const nodata = image.getGDALNoData();
  const pixel = pixelAt({ origin: image.getOrigin(), resolution: image.getResolution(), width: image.getWidth(), height: image.getHeight() }, coordinate);
  if (!pixel) return { values: null, nodata };
  const [column, row] = pixel;
  const bands = await image.readRasters({ window: [column, row, column + 1, row + 1], signal });
  return { values: bands.map((values) => Number(values[0])), nodata };
}

/**
 * The COG's first band in a square of `radius` pixels each side of a Web Mercator point (cut at
 * the raster's edges), from its full-resolution image: what a finding placed on a thermal layer
 * reads. Null outside the layer.
 */
export async function readWindow(url: string, coordinate: readonly number[], radius: number, signal?: AbortSignal): Promise<PixelWindow | null> {
  const image = await readHeader(url);
  const width = image.getWidth();
  const height = image.getHeight();
  const pixel = pixelAt({ origin: image.getOrigin(), resolution: image.getResolution(), width, height }, coordinate);
  if (!pixel) return null;
  const [column, row] = pixel;
  const left = Math.max(0, column - radius);
  const top = Math.max(0, row - radius);
  const right = Math.min(width, column + radius + 1);
  const bottom = Math.min(height, row + radius + 1);
  const [values] = await image.readRasters({ window: [left, top, right, bottom], samples: [0], signal });
  return {
    values: values as ArrayLike<number>,
    width: right - left,
    height: bottom - top,
    column: column - left,
    row: row - top,
    nodata: image.getGDALNoData(),
  };
}
