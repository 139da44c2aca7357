import { describe, expect, it } from "vitest";
import { bboxOf, featuresFromGeoJson, kmOutside, locateFindings, locatorOf, siteLayoutMessages } from "./site-layout";

const square = (west: number, south: number, size = 0.001): { type: "Polygon"; coordinates: [number, number][][] } => ({
  type: "Polygon" as const,
  coordinates: [
    [
      [west, south],
      [west + size, south],
      [west + size, south + size],
      [west, south + size],
      [west, south],
    ],
  ],
});

describe("locatorOf", () => {
  it("builds block / row / string from the properties real exports carry, whatever their case", () => {
    expect(locatorOf({ BLOCK: "A", Row_ID: 12, string: "3", power_kw: 400 })).toBe("Block A / Row 12 / String 3");
    expect(locatorOf({ table: "T4", block: "Block 2" })).toBe("Block 2 / Table T4");
  });
  it("takes a field's name, or an id, when there are no block or row keys", () => {
    expect(locatorOf({ Name: "North pivot", crop: "corn" })).toBe("North pivot");
    expect(locatorOf({ id: 7 })).toBe("7");
    expect(locatorOf({ area: 3 })).toBe("");
  });
});

describe("featuresFromGeoJson", () => {
  it("reads a FeatureCollection of polygons and multipolygons, dropping points and lines", () => {
    const features = featuresFromGeoJson({
      type: "FeatureCollection",
      features: [
        { type: "Feature", properties: { block: "A", row: 1 }, geometry: square(-97.6, 31.98) },
        { type: "Feature", properties: { block: "A", row: 2 }, geometry: { type: "MultiPolygon", coordinates: [square(-97.59, 31.98).coordinates] } },
        { type: "Feature", properties: { name: "gate" }, geometry: { type: "Point", coordinates: [-97.6, 31.98] } },
      ],
    });
    expect(features.map((feature) => [feature.geometry.type, feature.properties.locator])).toEqual([
      ["Polygon", "Block A / Row 1"],
      ["MultiPolygon", "Block A / Row 2"],
    ]);
  });
  it("closes an open ring and drops heights", () => {
    const [feature] = featuresFromGeoJson({
      type: "Feature",
      properties: {},
      geometry: {
        type: "Polygon",
        coordinates: [
          [
            [1, 1, 5],
            [2, 1, 5],
            [2, 2, 5],
          ],
        ],
      },
    });
    expect(feature!.geometry.coordinates).toEqual([
      [
        [1, 1],
        [2, 1],
        [2, 2],
        [1, 1],
      ],
    ]);
  });
  it("refuses JSON that is not GeoJSON, a layout of points only, and corners off the globe, naming why", () => {
    expect(() => featuresFromGeoJson({ rows: [] })).toThrow(siteLayoutMessages.format);
    expect(() => featuresFromGeoJson({ type: "FeatureCollection", features: [{ type: "Feature", geometry: { type: "Point", coordinates: [1, 2] } }] })).toThrow(
      siteLayoutMessages.noPolygons,
    );
    expect(() =>
      featuresFromGeoJson({
        type: "Polygon",
        coordinates: [
          [
            [200, 1],
            [2, 1],
            [2, 2],
            [200, 1],
          ],
        ],
      }),
    ).toThrow(siteLayoutMessages.position);
  });
});

describe("kmOutside", () => {
  it("is 0 within the site, and how far the layout reaches beyond it otherwise", () => {
    const site = bboxOf([{ geometry: square(-97.6, 31.98, 0.01) }]);
    expect(kmOutside(bboxOf([{ geometry: square(-97.599, 31.981) }]), site)).toBe(0);
    // 0.1° of latitude north of the site's edge: about 11 km.
    const far = kmOutside(bboxOf([{ geometry: square(-97.6, 32.09) }]), site);
    expect(far).toBeGreaterThan(10);
    expect(far).toBeLessThan(12.5);
  });
});

describe("locateFindings", () => {
  const features = featuresFromGeoJson({
    type: "FeatureCollection",
    features: [
      { type: "Feature", properties: { block: "A", table: "T1" }, geometry: square(-97.6, 31.98, 0.002) },
      { type: "Feature", properties: { block: "A", table: "T1", string: "S2" }, geometry: square(-97.6, 31.98, 0.001) },
      { type: "Feature", properties: { block: "B", table: "T9" }, geometry: square(-97.59, 31.98) },
    ],
  });
  it("gives a finding inside a feature that feature's locator, the smallest where they nest", () => {
    const [inString, inTable, outside] = locateFindings(features, [
      { lat: 31.9805, lon: -97.5995, locator: "" },
      { lat: 31.9815, lon: -97.5985, locator: "" },
      { lat: 31.99, lon: -97.5, locator: "" },
    ]);
    expect(inString!.locator).toBe("Block A / Table T1 / String S2");
    expect(inTable!.locator).toBe("Block A / Table T1");
    expect(outside!.locator).toBe("");
  });
  it("keeps a locator someone gave, and places a polygon finding by its centroid", () => {
    const [given, area] = locateFindings(features, [
      { lat: 31.9805, lon: -97.5995, locator: "Row 4" },
      { lat: 0, lon: 0, locator: "", polygon: square(-97.5898, 31.9802, 0.0005) },
    ]);
    expect(given!.locator).toBe("Row 4");
    expect(area!.locator).toBe("Block B / Table T9");
  });
});
