import { fromFile } from "geotiff";
import sharp from "sharp";
import { colourAt, TEMPERATURE_RAMP } from "@common/colour-ramps";
import type { SiteBoundary } from "@common/site-boundary";

// A finding's evidence drawn from the job's layers: the thermal layer on its colour ramp with a
// temperature scale, and the orthomosaic as it was flown (docs/decisions/0073-finding-crops.md).

const EARTH_RADIUS = 6_378_137;
const WEB_MERCATOR = 3857;
/** Half the side of the ground shown around a point finding: a few modules either side of a hot one. */
const CROP_HALF_METRES = 6;
/** The longest side of a crop, in pixels: enough for a list's thumbnail and a report's figure. */
export const CROP_MAX_PIXELS = 480;
/**
 * The shortest a crop's longest side is drawn: a coarse layer (a thermal camera's 15 cm pixels give
 * 12 m in about 80) is enlarged to it, each of its pixels a block, so the picture reads in the
 * detail and the report and the scale's two temperatures fit side by side under it.
 */
export const CROP_MIN_PIXELS = 240;
const SCALE_HEIGHT = 34;

export interface CropPlace {
  lat: number;
  lon: number;
  polygon: SiteBoundary | null;
}

export interface Crop {
  body: Buffer;
  contentType: "image/png" | "image/jpeg";
  width: number;
  height: number;
}

/** A longitude and latitude in Web Mercator metres (EPSG:3857), the projection the layers are kept in. */
export const mercator = (lon: number, lat: number) => ({
  x: (lon * Math.PI * EARTH_RADIUS) / 180,
  y: Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * EARTH_RADIUS,
});

/** The Web Mercator box a crop shows: a polygon's bounds with a margin, or a square around the point. Metres on the ground, stretched as Mercator stretches them. */
function groundBox({ lat, lon, polygon }: CropPlace): { minX: number; minY: number; maxX: number; maxY: number } {
  const stretch = 1 / Math.cos((lat * Math.PI) / 180);
  const ring = polygon?.coordinates[0];
  if (ring && ring.length > 2) {
    const corners = ring.map(([x, y]) => mercator(x!, y!));
    const xs = corners.map((corner) => corner.x);
    const ys = corners.map((corner) => corner.y);
    const margin = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) * 0.15 + 2 * stretch;
    return { minX: Math.min(...xs) - margin, maxX: Math.max(...xs) + margin, minY: Math.min(...ys) - margin, maxY: Math.max(...ys) + margin };
  }
  const centre = mercator(lon, lat);
  const half = CROP_HALF_METRES * stretch;
  return { minX: centre.x - half, maxX: centre.x + half, minY: centre.y - half, maxY: centre.y + half };
}

/** A layer's full-resolution image, opened once for all the crops of a run. */
export type LayerImage = Awaited<ReturnType<Awaited<ReturnType<typeof fromFile>>["getImage"]>>;

/**
 * Runs `use` with the layer file's full-resolution image, closed after: a run's crops share one
 * opening (its header and tile index read once), and each reads only the tiles under its window.
 */
export async function withLayerImage<T>(file: string, use: (image: LayerImage) => Promise<T>): Promise<T> {
  const tiff = await fromFile(file);
  try {
    return await use(await tiff.getImage(0));
  } finally {
    await tiff.close();
  }
}

/** The layer's pixel window under the box, clipped to the raster; null when the finding's point lies outside it. */
async function windowOf(image: LayerImage, place: CropPlace) {
  const keys = image.getGeoKeys() as { ProjectedCSTypeGeoKey?: number } | null;
  if (keys?.ProjectedCSTypeGeoKey !== WEB_MERCATOR) return null;
  const [originX, originY] = image.getOrigin() as [number, number];
  const [resolutionX, resolutionY] = image.getResolution() as [number, number];
  const width = image.getWidth();
  const height = image.getHeight();
  const point = mercator(place.lon, place.lat);
  const pointColumn = (point.x - originX) / resolutionX;
  const pointRow = (point.y - originY) / resolutionY;
  if (pointColumn < 0 || pointRow < 0 || pointColumn >= width || pointRow >= height) return null;
  const box = groundBox(place);
  const columns = [(box.minX - originX) / resolutionX, (box.maxX - originX) / resolutionX];
  const rows = [(box.maxY - originY) / resolutionY, (box.minY - originY) / resolutionY];
  const left = Math.max(0, Math.floor(Math.min(...columns)));
  const right = Math.min(width, Math.ceil(Math.max(...columns)));
  const top = Math.max(0, Math.floor(Math.min(...rows)));
  const bottom = Math.min(height, Math.ceil(Math.max(...rows)));
  if (right - left < 2 || bottom - top < 2) return null;
  const longest = Math.max(right - left, bottom - top);
  const scale = Math.min(CROP_MAX_PIXELS, Math.max(CROP_MIN_PIXELS, longest)) / longest;
  return {
    window: [left, top, right, bottom],
    outWidth: Math.max(2, Math.round((right - left) * scale)),
    outHeight: Math.max(2, Math.round((bottom - top) * scale)),
  };
}

/** A temperature as the scale writes it: one decimal. */
const degrees = (value: number) => `${value.toFixed(1)} °C`;

/** The scale under a thermal crop: the ramp from the crop's coolest to its hottest pixel, each end labelled. */
function scaleSvg(width: number, low: number, high: number): Buffer {
  const stops = TEMPERATURE_RAMP.map(([at, [red, green, blue]]) => `<stop offset="${at}" stop-color="rgb(${red},${green},${blue})"/>`).join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${SCALE_HEIGHT}">` +
      `<rect width="${width}" height="${SCALE_HEIGHT}" fill="#ffffff"/>` +
      `<defs><linearGradient id="ramp">${stops}</linearGradient></defs>` +
      `<rect x="4" y="3" width="${width - 8}" height="10" fill="url(#ramp)"/>` +
      `<text x="4" y="29" font-family="DejaVu Sans, sans-serif" font-size="12" fill="#111111">${degrees(low)}</text>` +
      `<text x="${width - 4}" y="29" text-anchor="end" font-family="DejaVu Sans, sans-serif" font-size="12" fill="#111111">${degrees(high)}</text>` +
      `</svg>`,
  );
}

/**
 * The thermal crop around a finding: its pixels on the map's temperature ramp, stretched from the
 * crop's coolest to its hottest (so the hot spot stands out against its own surroundings), with the
 * scale beneath. Null when the finding lies outside the layer.
 */
export async function thermalCrop(image: LayerImage, place: CropPlace): Promise<Crop | null> {
  const found = await windowOf(image, place);
  if (!found) return null;
  const noData = image.getGDALNoData();
  const [band] = (await image.readRasters({
    window: found.window,
    width: found.outWidth,
    height: found.outHeight,
    samples: [0],
    interleave: false,
    resampleMethod: "nearest",
  })) as unknown as [ArrayLike<number>];
  let low = Infinity;
  let high = -Infinity;
  for (let index = 0; index < band.length; index += 1) {
    const value = band[index]!;
    if (!Number.isFinite(value) || value === noData) continue;
    low = Math.min(low, value);
    high = Math.max(high, value);
  }
  if (low > high) return null;
  const pixels = Buffer.alloc(found.outWidth * found.outHeight * 3);
  for (let index = 0; index < band.length; index += 1) {
    const value = band[index]!;
    const [red, green, blue] = !Number.isFinite(value) || value === noData ? [128, 128, 128] : colourAt(TEMPERATURE_RAMP, (value - low) / (high - low || 1));
    pixels[index * 3] = red;
    pixels[index * 3 + 1] = green;
    pixels[index * 3 + 2] = blue;
  }
  const height = found.outHeight + SCALE_HEIGHT;
  const body = await sharp({ create: { width: found.outWidth, height, channels: 3, background: "#ffffff" } })
    .composite([
      { input: pixels, raw: { width: found.outWidth, height: found.outHeight, channels: 3 }, top: 0, left: 0 },
      { input: scaleSvg(found.outWidth, low, high), top: found.outHeight, left: 0 },
    ])
    .png()
    .toBuffer();
  return { body, contentType: "image/png", width: found.outWidth, height };
}

/** The orthomosaic's crop around a finding, its first three bands as red, green and blue. Null when the finding lies outside the layer. */
export async function visualCrop(image: LayerImage, place: CropPlace): Promise<Crop | null> {
  const found = await windowOf(image, place);
  if (!found || image.getSamplesPerPixel() < 3) return null;
  const rgb = (await image.readRasters({
    window: found.window,
    width: found.outWidth,
    height: found.outHeight,
    samples: [0, 1, 2],
    interleave: true,
    resampleMethod: "bilinear",
  })) as unknown as ArrayLike<number>;
  const pixels = Buffer.from(Uint8Array.from(rgb, (value) => Math.max(0, Math.min(255, Math.round(value)))));
  const body = await sharp(pixels, { raw: { width: found.outWidth, height: found.outHeight, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
  return { body, contentType: "image/jpeg", width: found.outWidth, height: found.outHeight };
}
