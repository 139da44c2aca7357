import { fromUrl, type GeoTIFFImage } from "geotiff";
import { pixelAt } from "./probe";

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
