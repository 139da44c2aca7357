import type { MapLayer } from "@common/contract/map-layers";
import { PLANT_INDICES, type PlantIndex } from "@common/map-layer-kinds";
import { isIndex, type LayerDisplay } from "./layer-styles";
import { bandNumber } from "./layer-webgl-style";

/** The grid of a GeoTIFF's full-resolution image: its top-left corner and pixel size (y negative, north up). */
export interface RasterGrid {
  origin: readonly number[];
  resolution: readonly number[];
  width: number;
  height: number;
}

/** The pixel (column, row) that holds a point of the raster's coordinate system, or null outside it. */
export function pixelAt(grid: RasterGrid, [x, y]: readonly number[]): [number, number] | null {
  const [originX = 0, originY = 0] = grid.origin;
  const [sizeX = 1, sizeY = -1] = grid.resolution;
  // GDAL's rule (gdallocationinfo): the pixel whose square holds the point, its top-left edge included.
  const column = Math.floor((x! - originX) / sizeX);
  // Rows count down from the top edge (sizeY is negative for a north-up raster).
  const row = Math.floor((originY - y!) / -sizeY);
  if (column < 0 || row < 0 || column >= grid.width || row >= grid.height) return null;
  return [column, row];
}

/** A point as the probe names it: six decimals, about 0.1 m. */
export const roundToProbe = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

export const formatPoint = (longitude: number, latitude: number) => `Latitude ${latitude.toFixed(6)}, longitude ${longitude.toFixed(6)}`;

export const NO_DATA = "No data here";

/** An index from band values (null where it is undefined: both bands zero). */
function indexValue(layer: Pick<MapLayer, "kind" | "bands">, index: PlantIndex, values: readonly number[]): number | null {
  const value = (name: string) => values[bandNumber(layer, name) - 1] ?? Number.NaN;
  const [top, bottom] =
    index === "vari"
      ? [value("green") - value("red"), value("green") + value("red") - value("blue")]
      : [value("nir") - value(index === "ndvi" ? "red" : "rededge"), value("nir") + value(index === "ndvi" ? "red" : "rededge")];
  const result = top / bottom;
  return Number.isFinite(result) ? result : null;
}

/**
 * What the probe says of one layer at a pixel, from the file's exact values there (one per band),
 * or "No data here" when the point is outside the layer (null) or on its nodata. Elevation in m and
 * temperature in °C to 2 decimals, an index to 3, colour as RGB.
 */
export function probeLines(
  layer: Pick<MapLayer, "kind" | "bands">,
  display: LayerDisplay,
  values: readonly number[] | null,
  nodata: number | null = null,
): string[] {
  if (!values?.length || isNoData(layer, values, nodata)) return [NO_DATA];
  // An index over a band that has no data there has no value either (the map leaves it clear).
  if (isIndex(display) && nodata !== null && PLANT_INDICES[display].bands.some((name) => values[bandNumber(layer, name) - 1] === nodata)) return [NO_DATA];
  const first = values[0]!;
  switch (layer.kind) {
    case "elevation":
      return [`Elevation: ${first.toFixed(2)} m`];
    case "thermal":
      return [`Temperature: ${first.toFixed(2)} °C`];
    case "orthomosaic": {
      const lines = [
        `RGB: ${values
          .slice(0, 3)
          .map((value) => Math.round(value))
          .join(", ")}`,
      ];
      return isIndex(display) ? [...lines, indexLine(layer, display, values)] : lines;
    }
    case "multispectral":
      if (isIndex(display)) return [indexLine(layer, display, values)];
      return [layer.bands.map((name, band) => `${name} ${formatNumber(values[band])}`).join(", ")];
  }
}

function indexLine(layer: Pick<MapLayer, "kind" | "bands">, index: PlantIndex, values: readonly number[]): string {
  const value = indexValue(layer, index, values);
  return `${PLANT_INDICES[index].label}: ${value === null ? "undefined here" : value.toFixed(3)}`;
}

/** A raw band value: integers as they are, reflectances to 4 decimals. */
const formatNumber = (value: number | undefined) => (value === undefined ? "?" : Number.isInteger(value) ? String(value) : value.toFixed(4));

/**
 * Whether the pixel is on the layer's nodata (GDAL_NODATA in every band, as OpenLayers leaves it
 * transparent) or transparent (an orthomosaic's alpha band at 0): the probe then says "No data here".
 */
function isNoData(layer: Pick<MapLayer, "kind">, values: readonly number[], nodata: number | null): boolean {
  const isNodata = (value: number) => (nodata !== null && Number.isNaN(nodata) ? Number.isNaN(value) : value === nodata);
  if (nodata !== null && values.every(isNodata)) return true;
  return layer.kind === "orthomosaic" && values.length >= 4 && values[3] === 0;
}
