import { Buffer } from "node:buffer";
import { GeoTIFF, type GeoTIFFImage } from "geotiff";
import type { MapLayerFields } from "@common/map-layers";
import type { MapLayerKind } from "@common/map-layer-kinds";
import type { Config } from "../config";
import { DomainError } from "../domain-errors";
import type { Storage } from "../storage/storage";

type Slice = { offset: number; length: number };

// Reads are whole 64 KB blocks: the first holds the header, the first IFD and its GeoTIFF tags for
// files GDAL and the usual photogrammetry tools write (they put the IFD right after the header).
const BLOCK = 64 * 1024;

export const geoTiffMessages = {
  notTiff: "The file is not a readable GeoTIFF: its TIFF header or first image directory could not be read.",
  truncatedDirectory: (size: number) =>
    `The file is truncated: its image directory runs past its end (${size.toLocaleString("en-US")} bytes). Upload the complete file.`,
  truncated: (end: number, size: number) =>
    `The file is truncated: its image data runs to byte ${end.toLocaleString("en-US")} but the file has only ${size.toLocaleString("en-US")} bytes. Upload the complete file.`,
  tooLarge: (width: number, height: number, maxSide: number, maxPixels: number) =>
    `The raster is ${width.toLocaleString("en-US")} × ${height.toLocaleString("en-US")} pixels: more than a drone survey holds here (at most ${maxSide.toLocaleString("en-US")} pixels a side and ${(maxPixels / 1_000_000).toLocaleString("en-US")} megapixels). Export it in parts, or ask us to raise MAP_LAYER_MAX_SIDE_PIXELS or MAP_LAYER_MAX_MEGAPIXELS.`,
  tooWide: (km: string, maxKm: number) =>
    `The raster's georeference spans ${km} km: more than a drone survey covers here (at most ${maxKm.toLocaleString("en-US")} km a side). Check its coordinate system and pixel size, or ask us to raise MAP_LAYER_MAX_EXTENT_KM.`,
  pixelSize: (cm: string, minCm: number, maxCm: number) =>
    `The raster's pixels are ${cm} cm on the ground: a drone survey's are between ${minCm.toLocaleString("en-US")} cm and ${maxCm.toLocaleString("en-US")} cm. Check its georeference, or ask us to change MAP_LAYER_MIN_PIXEL_CM or MAP_LAYER_MAX_PIXEL_CM.`,
  noGeoreference:
    "The file has no georeference (no map position or no coordinate system), so it cannot be placed on the map. Export it as a GeoTIFF from your processing software.",
  bands: (kind: MapLayerKind, count: number, named: number): string => {
    const has = `this file has ${count} band${count === 1 ? "" : "s"}`;
    switch (kind) {
      case "thermal":
        return `A thermal layer has one band (temperature in °C); ${has}.`;
      case "elevation":
        return `An elevation layer has one band (height in metres); ${has}.`;
      case "orthomosaic":
        return `An orthomosaic has 3 bands (RGB) or 4 (RGBA); ${has}.`;
      case "multispectral":
        return `The file has ${count} band${count === 1 ? "" : "s"} but ${named} band name${named === 1 ? " was" : "s were"} given: name each band of the file, in file order.`;
    }
  },
} as const;

function refuse(message: string): never {
  throw new DomainError("invalid", message, { file: message });
}

async function readRange(storage: Storage, key: string, start: number, end: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key, { start, end })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * geotiff.js's source (fetch of byte slices) over the store's Range reads. Slices past the end come
 * back short or empty, as a truncated file's would; what was read is kept, so the parser's many small
 * slices inside the first read cost no request.
 */
class StorageSource {
  private readonly held: { offset: number; data: Buffer }[] = [];
  reads = 0;

  constructor(
    private readonly storage: Storage,
    private readonly key: string,
    private readonly size: number,
  ) {}

  get fileSize(): number {
    return this.size;
  }

  private async slice({ offset, length }: Slice): Promise<ArrayBuffer> {
    const end = Math.min(offset + length, this.size);
    const found = this.held.find((block) => block.offset <= offset && block.offset + block.data.length >= end);
    let data: Buffer;
    if (found) {
      data = found.data.subarray(offset - found.offset, end - found.offset);
    } else if (offset >= this.size) {
      data = Buffer.alloc(0);
    } else {
      this.reads += 1;
      // Whole blocks (and one more after the first read), so the GeoTIFF tags a writer put together
      // elsewhere (after the offset tables, say) come in one read rather than one each.
      const start = Math.floor(offset / BLOCK) * BLOCK;
      const readEnd = Math.min(Math.ceil(end / BLOCK) * BLOCK + (this.reads === 1 ? 0 : BLOCK), this.size);
      const block = await readRange(this.storage, this.key, start, readEnd - 1);
      this.held.push({ offset: start, data: block });
      data = block.subarray(offset - start, end - start);
    }
    // A copy of its own: geotiff.js reads the buffer from byte 0 with a DataView.
    return new Uint8Array(data).buffer;
  }

  async fetch(slices: Slice[]): Promise<ArrayBuffer[]> {
    return Promise.all(slices.map((slice) => this.slice(slice)));
  }

  async fetchSlice(slice: Slice) {
    return { ...slice, data: await this.slice(slice) };
  }

  async close(): Promise<void> {}
}

/** The furthest byte (exclusive) the first image's tiles or strips reach. */
async function imageDataEnd(image: GeoTIFFImage): Promise<number> {
  const directory = image.fileDirectory;
  const tiled = directory.hasTag("TileOffsets");
  const offsets = (await directory.loadValue(tiled ? "TileOffsets" : "StripOffsets")) as ArrayLike<number | bigint> | number | undefined;
  const counts = (await directory.loadValue(tiled ? "TileByteCounts" : "StripByteCounts")) as ArrayLike<number | bigint> | number | undefined;
  if (offsets === undefined || counts === undefined) refuse(geoTiffMessages.notTiff);
  const offsetList = typeof offsets === "number" ? [offsets] : offsets;
  const countList = typeof counts === "number" ? [counts] : counts;
  let end = 0;
  for (let index = 0; index < offsetList.length; index += 1) {
    const reach = Number(offsetList[index]) + Number(countList[index] ?? 0);
    if (reach > end) end = reach;
  }
  return end;
}

const TIFF_MAGIC = ["49492a00", "4d4d002a", "49492b00", "4d4d002b"];

/**
 * Why a parse failed: a TIFF whose directory or tables run past its end (a RangeError reading past
 * what the store returned) is cut off; anything else is not a TIFF we can read.
 */
async function cutOff(storage: Storage, key: string, size: number, error: unknown): Promise<string> {
  if (size < 8 || !(error instanceof RangeError)) return geoTiffMessages.notTiff;
  const magic = (await readRange(storage, key, 0, 3)).toString("hex");
  return TIFF_MAGIC.includes(magic) ? geoTiffMessages.truncatedDirectory(size) : geoTiffMessages.notTiff;
}

function isGeoreferenced(image: GeoTIFFImage): boolean {
  const directory = image.fileDirectory;
  const tiepoints = directory.getValue("ModelTiepoint") as ArrayLike<number> | undefined;
  const placed =
    directory.hasTag("ModelTransformation") ||
    (tiepoints !== undefined && directory.hasTag("ModelPixelScale")) ||
    // Ground control points alone: three or more tiepoints, which GDAL warps with a polynomial.
    (tiepoints !== undefined && tiepoints.length >= 18);
  return placed && directory.hasTag("GeoKeyDirectory");
}

function assertBands(kind: MapLayerKind, count: number, named: string[]): void {
  const fits = kind === "thermal" || kind === "elevation" ? count === 1 : kind === "orthomosaic" ? count === 3 || count === 4 : count === named.length;
  if (!fits) refuse(geoTiffMessages.bands(kind, count, named.length));
}

type RasterBounds = Config["rasters"]["bounds"];

// GeoTIFF's key values: a geographic model is in degrees; a projected one in its linear unit.
const MODEL_GEOGRAPHIC = 2;
const METRES_PER_UNIT: Record<number, number> = { 9001: 1, 9002: 0.3048, 9003: 1200 / 3937 };
const METRES_PER_DEGREE = 111_320;

/** A figure for a message: plain below a million, else in powers of ten (a hostile 1e+27 km). */
const figure = (value: number): string =>
  Number.isFinite(value) && value < 1e6 ? value.toLocaleString("en-US", { maximumSignificantDigits: 3 }) : value.toExponential(1);

/**
 * Refuses what cannot be a drone survey, whatever GDAL would make of it (docs/decisions/0043-limits-on-background-work.md):
 * too many pixels, an extent of continents, pixels of micrometres or kilometres. GDAL spends
 * minutes to hours on such files (an absurd georeference keeps gdalinfo busy without end).
 */
function assertSurveyBounds(image: GeoTIFFImage, bounds: RasterBounds): void {
  const width = image.getWidth();
  const height = image.getHeight();
  if (Math.max(width, height) > bounds.maxSidePixels || width * height > bounds.maxPixels)
    refuse(geoTiffMessages.tooLarge(width, height, bounds.maxSidePixels, bounds.maxPixels));
  let resolution: number[];
  try {
    resolution = image.getResolution();
  } catch {
    // Ground control points alone: no pixel size before GDAL fits them; the time limit guards that case.
    return;
  }
  const keys = (image.getGeoKeys() ?? {}) as { GTModelTypeGeoKey?: number; ProjLinearUnitsGeoKey?: number };
  const origin = image.getOrigin();
  const latitude = Math.min(Math.abs(origin[1] ?? 0), 89) * (Math.PI / 180);
  const geographic = keys.GTModelTypeGeoKey === MODEL_GEOGRAPHIC;
  const perUnit = geographic ? METRES_PER_DEGREE : (METRES_PER_UNIT[keys.ProjLinearUnitsGeoKey ?? 9001] ?? 1);
  const pixelX = Math.abs(resolution[0] ?? NaN) * perUnit * (geographic ? Math.cos(latitude) : 1);
  const pixelY = Math.abs(resolution[1] ?? NaN) * perUnit;
  const extent = Math.max(width * pixelX, height * pixelY);
  if (!(extent <= bounds.maxExtentMetres)) refuse(geoTiffMessages.tooWide(figure(extent / 1000), bounds.maxExtentMetres / 1000));
  const coarsest = Math.max(pixelX, pixelY);
  const finest = Math.min(pixelX, pixelY);
  if (!(coarsest <= bounds.maxPixelMetres)) refuse(geoTiffMessages.pixelSize(figure(coarsest * 100), bounds.minPixelMetres * 100, bounds.maxPixelMetres * 100));
  if (!(finest >= bounds.minPixelMetres)) refuse(geoTiffMessages.pixelSize(figure(finest * 100), bounds.minPixelMetres * 100, bounds.maxPixelMetres * 100));
}

/**
 * Reads a stored upload's TIFF header by Range (never the whole file) and refuses, with a
 * DomainError("invalid") naming `file`, what processing could only fail on: not a TIFF, truncated,
 * no georeference, bands that do not match the kind, or a size, extent or pixel size outside
 * `bounds` (what a drone survey can be). Answers the band count.
 *
 * A few reads whatever the size: the first 64 KB (header and IFD), then the first image's tile or
 * strip offset and byte count tables (about 16 bytes per 256 × 256 tile: 2.5 MB for a 10 GB file).
 */
export async function validateGeoTiff(
  storage: Storage,
  key: string,
  size: number,
  fields: Pick<MapLayerFields, "kind" | "bands">,
  bounds: RasterBounds,
): Promise<{ bandCount: number }> {
  const source = new StorageSource(storage, key, size);
  let image: GeoTIFFImage;
  try {
    // geotiff.js types its source as its own BaseSource class; this one has the same members.
    const tiff = await GeoTIFF.fromSource(source as unknown as Parameters<typeof GeoTIFF.fromSource>[0]);
    if (tiff.firstIFDOffset >= size) refuse(geoTiffMessages.truncated(tiff.firstIFDOffset, size));
    image = await tiff.getImage(0);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // Not a TIFF at all (wrong byte order mark or magic number), or a directory cut off mid-way.
    refuse(await cutOff(storage, key, size, error));
  }
  let end: number;
  try {
    end = await imageDataEnd(image);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    refuse(await cutOff(storage, key, size, error));
  }
  if (end > size) refuse(geoTiffMessages.truncated(end, size));
  if (!isGeoreferenced(image)) refuse(geoTiffMessages.noGeoreference);
  assertSurveyBounds(image, bounds);
  const bandCount = image.getSamplesPerPixel();
  assertBands(fields.kind, bandCount, fields.bands);
  return { bandCount };
}
