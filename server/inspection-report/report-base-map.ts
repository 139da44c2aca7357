import path from "node:path";
import sharp from "sharp";
import type { mapBounds } from "./report-map";

/** The configured base map (MAP_TILES_URL, MAP_TILES_ATTRIBUTION, MAP_TILES_MAX_ZOOM; docs/decisions/0070-base-map-and-geocoder.md). */
export interface BaseMapSettings {
  /** An XYZ template: {z}, {x} and {y}, and a {s} or {a-c} subdomain where the provider has them. */
  url: string;
  attribution: string;
  maxZoom: number;
  /** Sent as User-Agent: the providers' usage policies ask each application to name itself. */
  userAgent: string;
}

/** How long one tile may take, and the whole map: a tile server down or slow must not hold the report. */
export interface TileTimes {
  tileTimeoutMs: number;
  budgetMs: number;
}

const REPORT_TILE_TIMES: TileTimes = { tileTimeoutMs: 2000, budgetMs: 5000 };

const TILE_SIZE = 256;
/** Pixels per point of the map's box, as the orthomosaic under it (report-backdrop.ts). */
const PIXELS_PER_POINT = 2;
/** At most this many tiles: the zoom is lowered until the box fits in them (the print is enlarged a little rather than asking more). */
const MAX_TILES = 16;
/** A tile larger than this is no map tile. */
const MAX_TILE_BYTES = 2 * 1024 * 1024;

/** The Web Mercator pixel of a longitude and latitude at zoom `z` (wiki.openstreetmap.org/wiki/Slippy_map_tilenames). */
function worldPixel(lon: number, lat: number, z: number): { x: number; y: number } {
  const size = TILE_SIZE * 2 ** z;
  const radians = (lat * Math.PI) / 180;
  return { x: ((lon + 180) / 360) * size, y: ((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * size };
}

/** The tile's URL: the template's {z}/{x}/{y}, and a subdomain from a, b and c spread over the tiles. */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  const subdomain = "abc"[(x + y) % 3]!;
  return template.replace("{z}", String(z)).replace("{x}", String(x)).replace("{y}", String(y)).replace("{s}", subdomain).replace("{a-c}", subdomain);
}

/**
 * The zoom whose tiles are at least as sharp as the print (capped by the provider's deepest), lowered
 * while the box would take more than MAX_TILES; and the range of tiles the box covers there.
 */
function tilesFor(bounds: NonNullable<ReturnType<typeof mapBounds>>, maxZoom: number) {
  const target = bounds.width * PIXELS_PER_POINT;
  let z = 0;
  while (z < maxZoom && worldPixel(bounds.east, 0, z).x - worldPixel(bounds.west, 0, z).x < target) z += 1;
  for (; ; z -= 1) {
    const topLeft = worldPixel(bounds.west, bounds.north, z);
    const bottomRight = worldPixel(bounds.east, bounds.south, z);
    const range = {
      z,
      topLeft,
      bottomRight,
      x0: Math.floor(topLeft.x / TILE_SIZE),
      y0: Math.floor(topLeft.y / TILE_SIZE),
      x1: Math.floor((bottomRight.x - 1e-9) / TILE_SIZE),
      y1: Math.floor((bottomRight.y - 1e-9) / TILE_SIZE),
    };
    if (z === 0 || (range.x1 - range.x0 + 1) * (range.y1 - range.y0 + 1) <= MAX_TILES) return range;
  }
}

/** One tile's image, or a throw: an answer that is not an image, a redirect (another host is never asked), or past its time. */
async function fetchTile(url: string, userAgent: string, signal: AbortSignal): Promise<Buffer> {
  const response = await fetch(url, { headers: { "user-agent": userAgent, accept: "image/*" }, signal, redirect: "error" });
  if (!response.ok) throw new Error(`the tile server answered ${response.status}`);
  if (!(response.headers.get("content-type") ?? "").startsWith("image/")) throw new Error("the tile server answered what is not an image");
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > MAX_TILE_BYTES) throw new Error("the tile is too large");
  return body;
}

/**
 * The base map under the report's site map when the job has no orthomosaic: the configured provider's
 * tiles over the map's bounds, composed and cropped to the box, as a JPEG in the work folder. Null
 * when any tile fails or the whole takes longer than its budget: the map is then drawn without
 * imagery and says so (report-map.ts), never failed or held.
 */
export async function baseMapBackdrop(
  settings: BaseMapSettings,
  bounds: NonNullable<ReturnType<typeof mapBounds>>,
  workDir: string,
  times: TileTimes = REPORT_TILE_TIMES,
): Promise<string | null> {
  const range = tilesFor(bounds, settings.maxZoom);
  const budget = AbortSignal.timeout(times.budgetMs);
  // One tile failed: the map goes without imagery, so the others are not waited for.
  const given = new AbortController();
  const wanted: { x: number; y: number }[] = [];
  for (let y = range.y0; y <= range.y1; y += 1) for (let x = range.x0; x <= range.x1; x += 1) wanted.push({ x, y });
  try {
    const tiles = await Promise.all(
      wanted.map(async ({ x, y }) => ({
        x,
        y,
        image: await sharp(
          await fetchTile(
            tileUrl(settings.url, range.z, x, y),
            settings.userAgent,
            AbortSignal.any([budget, given.signal, AbortSignal.timeout(times.tileTimeoutMs)]),
          ).catch((error: unknown) => {
            given.abort();
            throw error;
          }),
        )
          .resize(TILE_SIZE, TILE_SIZE, { fit: "fill" })
          .png()
          .toBuffer(),
      })),
    );
    const mosaic = await sharp({
      create: { width: (range.x1 - range.x0 + 1) * TILE_SIZE, height: (range.y1 - range.y0 + 1) * TILE_SIZE, channels: 3, background: "#f8fafc" },
    })
      .composite(tiles.map(({ x, y, image }) => ({ input: image, left: (x - range.x0) * TILE_SIZE, top: (y - range.y0) * TILE_SIZE })))
      .png()
      .toBuffer();
    const left = Math.floor(range.topLeft.x - range.x0 * TILE_SIZE);
    const top = Math.floor(range.topLeft.y - range.y0 * TILE_SIZE);
    const file = path.join(workDir, "base-map.jpg");
    await sharp(mosaic)
      .extract({
        left,
        top,
        width: Math.max(1, Math.min(Math.ceil(range.bottomRight.x - range.topLeft.x), (range.x1 - range.x0 + 1) * TILE_SIZE - left)),
        height: Math.max(1, Math.min(Math.ceil(range.bottomRight.y - range.topLeft.y), (range.y1 - range.y0 + 1) * TILE_SIZE - top)),
      })
      .resize(Math.round(bounds.width * PIXELS_PER_POINT), Math.round(bounds.height * PIXELS_PER_POINT), { fit: "fill" })
      .flatten({ background: "#f8fafc" })
      .jpeg({ quality: 80 })
      .toFile(file);
    return file;
  } catch {
    return null;
  }
}
