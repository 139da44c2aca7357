import { ColorType } from "ol/expr/expression";
import { newCompilationContext } from "ol/expr/gpu";
import { expressionToGlsl } from "ol/render/webgl/compileUtil";
import { describe, expect, it } from "vitest";
import type { MapLayer } from "@common/contract/map-layers";
import { defaultStyle, displayOptions, legendFor, type LayerStyleState } from "./layer-styles";
import { webglStyle } from "./layer-webgl-style";

type Layer = Pick<MapLayer, "kind" | "bands" | "stats" | "bounds" | "resolution">;
const stats = (name: string, min: number, max: number) => ({ name, min, max, mean: (min + max) / 2, stdDev: (max - min) / 4 });

const dem: Layer = { kind: "elevation", bands: ["elevation"], stats: [stats("elevation", -1, 88)], bounds: [-34.92, -8.04, -34.83, -7.95], resolution: 9027.7 };
const thermal: Layer = { kind: "thermal", bands: ["temperature"], stats: [stats("temperature", 20, 32)], bounds: null, resolution: 200 };
const landsat: Layer = {
  kind: "multispectral",
  bands: ["blue", "green", "red", "nir", "swir1", "swir2"],
  stats: ["blue", "green", "red", "nir", "swir1", "swir2"].map((name) => stats(name, 1, 255)),
  bounds: null,
  resolution: 2859.1,
};
const micasense: Layer = { kind: "multispectral", bands: ["nir", "rededge"], stats: null, bounds: null, resolution: null };
const ortho: Layer = {
  kind: "orthomosaic",
  bands: ["red", "green", "blue"],
  stats: ["red", "green", "blue", "alpha"].map((name) => stats(name, 0, 255)),
  bounds: null,
  resolution: 3,
};

/**
 * Evaluates a WebGL style expression for one pixel, for the operators these styles use, so a test
 * reads what the shader computes from named band values (not how the expression is spelled).
 */
function evaluate(expression: unknown, bands: number[], variables: Record<string, number>): number | number[] | boolean {
  if (typeof expression === "number") return expression;
  if (!Array.isArray(expression)) throw new Error(`Unexpected ${JSON.stringify(expression)}`);
  const [op, ...args] = expression as [unknown, ...unknown[]];
  if (typeof op === "number") return expression as number[];
  const n = (value: unknown) => evaluate(value, bands, variables) as number;
  switch (op) {
    case "band":
      return bands[n(args[0]) - 1]!;
    case "var":
      return variables[args[0] as string]!;
    case "+":
      return args.map(n).reduce((a, b) => a + b);
    case "-":
      return n(args[0]) - n(args[1]);
    case "*":
      return args.map(n).reduce((a, b) => a * b);
    case "/":
      return n(args[0]) / n(args[1]);
    case "==":
      return n(args[0]) === n(args[1]);
    case "any":
      return args.some((arg) => evaluate(arg, bands, variables) === true);
    case "clamp":
      return Math.min(Math.max(n(args[0]), n(args[1])), n(args[2]));
    case "color":
      return [...args.slice(0, 3).map(n), args[3] === undefined ? 1 : n(args[3])];
    case "case":
      for (let i = 0; i + 1 < args.length; i += 2) if (evaluate(args[i], bands, variables) === true) return evaluate(args[i + 1], bands, variables);
      return evaluate(args.at(-1), bands, variables);
    case "interpolate": {
      const at = n(args[1]);
      const stops = args.slice(2);
      for (let i = 0; i + 3 < stops.length; i += 2) {
        const [low, high] = [stops[i] as number, stops[i + 2] as number];
        if (at <= high || i + 4 >= stops.length) {
          const ratio = Math.min(Math.max((at - low) / (high - low), 0), 1);
          const [from, to] = [stops[i + 1] as number[], stops[i + 3] as number[]];
          return from.map((value, channel) => value + (to[channel]! - value) * ratio);
        }
      }
      return stops[1] as number[];
    }
    default:
      throw new Error(`The test evaluates no ${String(op)}`);
  }
}

/** Compiles the style's colour to GLSL as WebGLTile does: OpenLayers refuses an ill-typed expression here. */
function compiles(style: ReturnType<typeof webglStyle>, bandCount: number): string {
  return expressionToGlsl({ ...newCompilationContext(), bandCount }, style.color as never, ColorType);
}

const colourOf = (layer: Layer, style: LayerStyleState, bands: number[], nodata: number | null = null) => {
  const built = webglStyle(layer, style, { samples: layer.bands.length, nodata });
  // Channels to whole numbers: the band maths is floating point, the ramp's stops are not.
  return (evaluate(built.color, bands, built.variables as Record<string, number>) as number[]).map((channel, index) =>
    index < 3 ? Math.round(channel) : channel,
  );
};

describe("the display choices of a layer", () => {
  it("offers true colour and the indices the bands allow", () => {
    expect(displayOptions(landsat)).toEqual([
      { value: "true-colour", label: "True colour" },
      { value: "ndvi", label: "NDVI" },
      { value: "vari", label: "VARI" },
    ]);
    expect(displayOptions(micasense)).toEqual([{ value: "ndre", label: "NDRE" }]);
    expect(displayOptions(ortho)).toEqual([
      { value: "true-colour", label: "True colour" },
      { value: "vari", label: "VARI" },
    ]);
    expect(displayOptions(dem)).toEqual([]);
  });

  it("starts measured quantities on their statistics and indices on their full range", () => {
    expect(defaultStyle(dem)).toEqual({ display: "elevation", min: -1, max: 88, hillshade: true });
    expect(defaultStyle(thermal)).toEqual({ display: "temperature", min: 20, max: 32, hillshade: false });
    expect(defaultStyle(landsat).display).toBe("true-colour");
    expect(defaultStyle(micasense)).toEqual({ display: "ndre", min: -1, max: 1, hillshade: false });
  });
});

describe("the legend of a display", () => {
  it("names the quantity and its unit, with metres and degrees to 1 decimal and indices to 2", () => {
    expect(legendFor({ display: "elevation", min: -1, max: 88, hillshade: true })).toMatchObject({ caption: "Elevation (m)", low: "-1.0", high: "88.0" });
    expect(legendFor({ display: "temperature", min: 20.04, max: 31.96, hillshade: false })).toMatchObject({
      caption: "Temperature (°C)",
      low: "20.0",
      high: "32.0",
    });
    expect(legendFor({ display: "ndvi", min: -0.2, max: 0.9, hillshade: false })).toMatchObject({ caption: "NDVI", low: "-0.20", high: "0.90" });
    expect(legendFor({ display: "ndre", min: -1, max: 1, hillshade: false })?.caption).toBe("NDRE");
    expect(legendFor({ display: "vari", min: -1, max: 1, hillshade: false })?.caption).toBe("VARI");
  });

  it("has none for a colour picture", () => {
    expect(legendFor({ display: "true-colour", min: 0, max: 1, hillshade: false })).toBeNull();
  });
});

describe("the WebGL styles", () => {
  it("compiles every display of every kind", () => {
    const cases: [Layer, LayerStyleState["display"]][] = [
      [dem, "elevation"],
      [thermal, "temperature"],
      [landsat, "true-colour"],
      [landsat, "ndvi"],
      [landsat, "vari"],
      [micasense, "ndre"],
      [ortho, "true-colour"],
      [ortho, "vari"],
    ];
    for (const [layer, display] of cases) {
      const style = webglStyle(layer, { ...defaultStyle(layer), display }, { samples: layer.bands.length, nodata: 0 });
      expect(compiles(style, layer.bands.length + 1), `${layer.kind} as ${display}`).toContain("getBandValue");
    }
  });

  it("computes NDVI from the bands named nir and red, wherever they are in the file", () => {
    const style = { display: "ndvi", min: -1, max: 1, hillshade: false } as const;
    // nir 0.6, red 0.2: NDVI 0.5, three quarters up the ramp from -1 to 1: its light green stop.
    expect(colourOf(landsat, style, [9, 9, 0.2, 0.6, 9, 9])).toEqual([166, 217, 106, 1]);
    // Swapped, NDVI -0.5: a quarter up, the orange stop.
    expect(colourOf(landsat, style, [9, 9, 0.6, 0.2, 9, 9])).toEqual([244, 109, 67, 1]);
  });

  it("spreads the ramp over the range the person sets", () => {
    // NDVI 0.5 at the top of a 0 to 0.5 range is the ramp's darkest green.
    expect(colourOf(landsat, { display: "ndvi", min: 0, max: 0.5, hillshade: false }, [9, 9, 0.2, 0.6, 9, 9])).toEqual([0, 104, 55, 1]);
  });

  it("computes NDRE from nir and rededge, and VARI from an orthomosaic's red, green and blue", () => {
    expect(colourOf(micasense, { display: "ndre", min: -1, max: 1, hillshade: false }, [0.6, 0.2])).toEqual([166, 217, 106, 1]);
    // VARI = (G − R) / (G + R − B) = (150 − 50) / (150 + 50 − 0) = 0.5.
    expect(colourOf(ortho, { display: "vari", min: -1, max: 1, hillshade: false }, [50, 150, 0])).toEqual([166, 217, 106, 1]);
  });

  it("leaves clear an index or a colour over a band that has no data there, and only those", () => {
    expect(colourOf(landsat, { display: "ndvi", min: -1, max: 1, hillshade: false }, [9, 9, 60, 0, 9, 9], 0)).toEqual([0, 0, 0, 0]);
    expect(colourOf(landsat, defaultStyle(landsat), [9, 0, 60, 80, 9, 9], 0)).toEqual([0, 0, 0, 0]);
    // A nodata swir band is none of true colour's business.
    expect(colourOf(landsat, defaultStyle(landsat), [128, 128, 128, 80, 0, 9], 0)[3]).toBe(1);
  });

  it("puts a temperature on the °C ramp between its minimum and maximum", () => {
    expect(colourOf(thermal, defaultStyle(thermal), [20])).toEqual([0, 0, 4, 1]);
    expect(colourOf(thermal, defaultStyle(thermal), [32])).toEqual([252, 255, 164, 1]);
    expect(colourOf(thermal, defaultStyle(thermal), [50])).toEqual([252, 255, 164, 1]);
  });

  it("shades the elevation ramp by the relief, and the hillshade is a variable", () => {
    const style = webglStyle(dem, defaultStyle(dem), { samples: 1, nodata: -9999 });
    expect(style.variables).toEqual({ min: -1, max: 88, hillshade: 1 });
    const glsl = compiles(style, 2);
    // The neighbours east, west, north and south of each pixel give its slope.
    for (const offset of ["getBandValue(1.0, 1.0, 0.0)", "getBandValue(1.0, -1.0, 0.0)", "getBandValue(1.0, 0.0, 1.0)", "getBandValue(1.0, 0.0, -1.0)"])
      expect(glsl).toContain(offset);
    // Neighbours are never nearer than the file's own pixel (90.28 m on the ground at 8° S is 91.16 m of Web Mercator), zoomed in past it or not.
    expect(glsl).toContain("clamp(u_resolution, 91.163");
    expect(webglStyle(dem, { ...defaultStyle(dem), hillshade: false }, { samples: 1, nodata: -9999 }).variables).toEqual({ min: -1, max: 88, hillshade: 0 });
  });

  it("draws an orthomosaic's fourth band as its transparency", () => {
    expect(evaluate(webglStyle(ortho, defaultStyle(ortho), { samples: 4, nodata: null }).color, [10, 20, 30, 0], {})).toEqual([10, 20, 30, 0]);
    expect(evaluate(webglStyle(ortho, defaultStyle(ortho), { samples: 3, nodata: null }).color, [10, 20, 30], {})).toEqual([10, 20, 30, 1]);
  });
});
