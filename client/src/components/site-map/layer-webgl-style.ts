// The WebGL styles the viewer draws layers with: loaded with the map alone, while the layer panel
// beside it (layer-styles.ts: displays, ranges, legends) is on the job page's first screen.
import type { ExpressionValue } from "ol/expr/expression";
import type { Style } from "ol/layer/WebGLTile";
import type { MapLayer } from "@common/contract/map-layers";
import { PLANT_INDICES, type PlantIndex } from "@common/map-layer-kinds";
import { ELEVATION_RAMP, INDEX_RAMP, type Ramp, TEMPERATURE_RAMP } from "@common/colour-ramps";
import { type LayerStyleState, statsOf } from "./layer-styles";

/** What the viewer knows of the COG once OpenLayers has read its header. */
export interface SourceShape {
  /** Bands in the file (not counting the mask OpenLayers adds for nodata). */
  samples: number;
  /** The file's nodata value (GDAL_NODATA), null when it has none. */
  nodata: number | null;
}

type Expression = ExpressionValue;

/** A band as OpenLayers numbers them (the file's order, from 1), read `dx`, `dy` pixels away. */
const bandAt = (number: number, dx = 0, dy = 0): Expression => (dx || dy ? ["band", number, dx, dy] : ["band", number]);

const ORTHOMOSAIC_BANDS: Record<string, number> = { red: 1, green: 2, blue: 3 };

/** A band by name: an orthomosaic's are red, green, blue (then alpha); a multispectral layer's as the admin named them. */
export function bandNumber(layer: Pick<MapLayer, "kind" | "bands">, name: string): number {
  const number = layer.kind === "orthomosaic" ? ORTHOMOSAIC_BANDS[name] : layer.bands.indexOf(name) + 1;
  if (!number) throw new Error(`The layer has no ${name} band`);
  return number;
}

const band = (layer: Pick<MapLayer, "kind" | "bands">, name: string): Expression => bandAt(bandNumber(layer, name));

const rampColour = (value: Expression, ramp: Ramp): Expression => [
  "interpolate",
  ["linear"],
  // Where the value sits in the adjustable range, 0 to 1 (interpolate clamps beyond the ends).
  ["/", ["-", value, ["var", "min"]], ["-", ["var", "max"], ["var", "min"]]],
  ...ramp.flatMap(([at, [r, g, b]]) => [at, [r, g, b, 1]]),
];

/** The index's formula over the named bands: NDVI and NDRE normalise a difference, VARI resists the atmosphere. */
function indexExpression(layer: Pick<MapLayer, "kind" | "bands">, index: PlantIndex): Expression {
  if (index === "vari") {
    const [green, red, blue] = [band(layer, "green"), band(layer, "red"), band(layer, "blue")];
    return ["/", ["-", green, red], ["-", ["+", green, red], blue]];
  }
  const other = index === "ndvi" ? "red" : "rededge";
  return ["/", ["-", band(layer, "nir"), band(layer, other)], ["+", band(layer, "nir"), band(layer, other)]];
}

/**
 * Hillshade from the 3 × 3 neighbourhood of each pixel (OpenLayers' shaded relief example): the sun
 * at 45° from the north-west. `groundScale` turns Web Mercator metres into metres on the ground
 * (cos of the latitude), so slopes are true slopes; `nativeResolution` is the file's pixel in Web
 * Mercator metres. Returns a brightness, about 0.35 to 1.
 */
function shade(groundScale: number, nativeResolution: number): Expression {
  const at = (dx: number, dy: number) => bandAt(1, dx, dy);
  // A neighbour is a texel away: the view's resolution, or the file's own once zoomed in past it.
  const texel = ["clamp", ["resolution"], nativeResolution, Number.MAX_SAFE_INTEGER];
  const span = ["*", 2 * groundScale, texel];
  const dzdx = ["/", ["-", at(1, 0), at(-1, 0)], span];
  const dzdy = ["/", ["-", at(0, 1), at(0, -1)], span];
  const slope = ["atan", ["^", ["+", ["^", dzdx, 2], ["^", dzdy, 2]], 0.5]];
  const rawAspect = ["atan", dzdy, ["-", 0, dzdx]];
  const aspect = [
    "case",
    [">", rawAspect, Math.PI / 2],
    ["+", Math.PI / 2, ["-", Math.PI * 2, rawAspect]],
    ["<", rawAspect, 0],
    ["-", Math.PI / 2, rawAspect],
    rawAspect,
  ];
  const sunElevation = Math.PI / 4;
  const sunAzimuth = (315 * Math.PI) / 180;
  const lit = ["+", ["*", Math.sin(sunElevation), ["cos", slope]], ["*", ["*", Math.cos(sunElevation), ["sin", slope]], ["cos", ["-", sunAzimuth, aspect]]]];
  const brightness = ["+", 0.35, ["*", 0.65, ["clamp", lit, 0, 1]]];
  // The "hillshade" variable (0 or 1) blends it out without rebuilding the shader.
  return ["+", ["-", 1, ["var", "hillshade"]], ["*", ["var", "hillshade"], brightness]];
}

/** A band stretched to 0–255 between its mean ± 2 standard deviations (within its min and max). */
function stretched(layer: Pick<MapLayer, "kind" | "bands" | "stats">, name: string): Expression {
  const stats = statsOf(layer, name);
  if (!stats) return band(layer, name);
  const low = Math.max(stats.min, stats.mean - 2 * stats.stdDev);
  const high = Math.min(stats.max, stats.mean + 2 * stats.stdDev);
  return ["clamp", ["*", ["-", band(layer, name), low], 255 / Math.max(high - low, Number.EPSILON)], 0, 255];
}

function trueColour(layer: Pick<MapLayer, "kind" | "bands" | "stats">, shape: SourceShape): Expression {
  if (layer.kind === "orthomosaic") {
    // Drone orthomosaics are 8-bit; a 16-bit one is scaled by its brightest band.
    const top = Math.max(255, ...(layer.stats ?? []).filter((stats) => stats.name !== "alpha").map((stats) => stats.max));
    const scaled = (n: number): Expression => (top === 255 ? ["band", n] : ["*", ["band", n], 255 / top]);
    // A fourth band in the file is its alpha (GDAL's -dstalpha); nodata masks are OpenLayers' own.
    const alpha: Expression = shape.samples >= 4 ? ["/", ["band", 4], top] : 1;
    return ["color", scaled(1), scaled(2), scaled(3), alpha];
  }
  return withoutNodata(layer, ["red", "green", "blue"], shape.nodata, [
    "color",
    stretched(layer, "red"),
    stretched(layer, "green"),
    stretched(layer, "blue"),
    1,
  ]);
}

/** An index on its ramp, clear where a band it reads has no data. */
function indexColour(layer: Pick<MapLayer, "kind" | "bands">, index: PlantIndex, nodata: number | null): Expression {
  return withoutNodata(layer, PLANT_INDICES[index].bands, nodata, rampColour(indexExpression(layer, index), INDEX_RAMP));
}

/**
 * A colour computed from several bands, clear where any of them is nodata. OpenLayers hides a pixel
 * only when every band is nodata, and a sensor's bands rarely share their edges exactly.
 */
function withoutNodata(layer: Pick<MapLayer, "kind" | "bands">, names: readonly string[], nodata: number | null, colour: Expression): Expression {
  if (nodata === null || Number.isNaN(nodata)) return colour;
  return ["case", ["any", ...names.map((name) => ["==", band(layer, name), nodata])], [0, 0, 0, 0], colour];
}

/** WGS84 latitude of a layer's centre, for the ground scale of Web Mercator. */
const centreLatitude = (layer: Pick<MapLayer, "bounds">) => (layer.bounds ? (layer.bounds[1] + layer.bounds[3]) / 2 : 0);

/**
 * The WebGL style of a layer in a display. The range and the hillshade are style variables, so
 * moving them restyles without recompiling; a new display is a new style.
 */
export function webglStyle(layer: Pick<MapLayer, "kind" | "bands" | "stats" | "bounds" | "resolution">, style: LayerStyleState, shape: SourceShape): Style {
  const variables = styleVariables(style);
  switch (style.display) {
    case "true-colour":
      return { variables, color: trueColour(layer, shape) };
    case "elevation": {
      const groundScale = Math.cos((centreLatitude(layer) * Math.PI) / 180);
      // The layer's pixel in Web Mercator metres (its resolution is cm on the ground).
      const light = shade(groundScale, layer.resolution ? layer.resolution / 100 / groundScale : 0);
      return { variables, color: ["*", rampColour(bandAt(1), ELEVATION_RAMP), ["color", ["*", 255, light], ["*", 255, light], ["*", 255, light], 1]] };
    }
    case "temperature":
      return { variables, color: rampColour(bandAt(1), TEMPERATURE_RAMP) };
    case "band": {
      const grey = layer.bands[0] ? stretched(layer, layer.bands[0]) : bandAt(1);
      return { variables, color: ["color", grey, grey, grey, 1] };
    }
    default:
      return { variables, color: indexColour(layer, style.display, shape.nodata) };
  }
}

export function styleVariables(style: LayerStyleState): Record<string, number> {
  return { min: style.min, max: style.max, hillshade: style.hillshade ? 1 : 0 };
}
