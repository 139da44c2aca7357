import { describe, expect, it } from "vitest";
import type { MapLayer } from "@common/contract/map-layers";
import { formatPoint, NO_DATA, pixelAt, probeLines, roundToProbe } from "./probe";

const layer = (kind: MapLayer["kind"], bands: string[]): Pick<MapLayer, "kind" | "bands"> => ({ kind, bands });
const landsat = layer("multispectral", ["blue", "green", "red", "nir", "swir1", "swir2"]);

describe("the pixel under a point", () => {
  // 10 × 5 pixels of 2 m, its top-left corner at (1000, 500) in Web Mercator.
  const grid = { origin: [1000, 500], resolution: [2, -2], width: 10, height: 5 };

  it("is the one whose square holds the point, its top and left edges included, as GDAL counts", () => {
    expect(pixelAt(grid, [1000, 500])).toEqual([0, 0]);
    expect(pixelAt(grid, [1001.9, 498.1])).toEqual([0, 0]);
    expect(pixelAt(grid, [1002, 498])).toEqual([1, 1]);
    expect(pixelAt(grid, [1019.99, 490.01])).toEqual([9, 4]);
  });

  it("is none outside the raster", () => {
    expect(pixelAt(grid, [999.99, 499])).toBeNull();
    expect(pixelAt(grid, [1020, 499])).toBeNull();
    expect(pixelAt(grid, [1001, 500.01])).toBeNull();
    expect(pixelAt(grid, [1001, 490])).toBeNull();
  });
});

describe("what the probe says", () => {
  it("gives elevation in metres and temperature in °C to 2 decimals", () => {
    expect(probeLines(layer("elevation", ["elevation"]), "elevation", [123.456])).toEqual(["Elevation: 123.46 m"]);
    expect(probeLines(layer("thermal", ["temperature"]), "temperature", [36.2])).toEqual(["Temperature: 36.20 °C"]);
  });

  it("gives an orthomosaic's colour, and its VARI when that is shown", () => {
    const ortho = layer("orthomosaic", ["red", "green", "blue"]);
    expect(probeLines(ortho, "true-colour", [120, 80, 40, 255])).toEqual(["RGB: 120, 80, 40"]);
    expect(probeLines(ortho, "vari", [50, 150, 0, 255])).toEqual(["RGB: 50, 150, 0", "VARI: 0.500"]);
  });

  it("computes the index shown from the pixel's bands, to 3 decimals", () => {
    // nir 72, red 61: (72 − 61) / (72 + 61).
    expect(probeLines(landsat, "ndvi", [80, 67, 61, 72, 83, 60])).toEqual(["NDVI: 0.083"]);
    expect(probeLines(layer("multispectral", ["nir", "rededge"]), "ndre", [0.5, 0.3])).toEqual(["NDRE: 0.250"]);
  });

  it("lists a multispectral layer's bands when it shows its colours", () => {
    expect(probeLines(landsat, "true-colour", [80, 67, 61, 72, 83, 60])).toEqual(["blue 80, green 67, red 61, nir 72, swir1 83, swir2 60"]);
    expect(probeLines(layer("multispectral", ["red", "green", "blue"]), "true-colour", [0.1234567, 0.2, 0.3])).toEqual([
      "red 0.1235, green 0.2000, blue 0.3000",
    ]);
  });

  it("says there is no data outside the layer, on its nodata, on a transparent pixel, or where an index's band has none", () => {
    expect(probeLines(layer("elevation", ["elevation"]), "elevation", null)).toEqual([NO_DATA]);
    expect(probeLines(layer("elevation", ["elevation"]), "elevation", [-9999], -9999)).toEqual([NO_DATA]);
    expect(probeLines(layer("orthomosaic", ["red", "green", "blue"]), "true-colour", [12, 40, 3, 0])).toEqual([NO_DATA]);
    expect(probeLines(landsat, "ndvi", [80, 67, 61, 0, 83, 60], 0)).toEqual([NO_DATA]);
    // A value that is nodata in one band only is a value in the others.
    expect(probeLines(landsat, "true-colour", [80, 67, 61, 0, 83, 60], 0)).toEqual(["blue 80, green 67, red 61, nir 0, swir1 83, swir2 60"]);
    expect(NO_DATA).toBe("No data here");
  });

  it("names the point to 6 decimals", () => {
    expect(formatPoint(-97.00034, 32.00012)).toBe("Latitude 32.000120, longitude -97.000340");
    expect(roundToProbe(-34.87133249)).toBe(-34.871332);
  });
});
