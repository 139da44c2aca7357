import { fromLonLat } from "ol/proj";
import { describe, expect, it } from "vitest";
import { siteBoundaryMessages } from "@common/site-boundary";
import { boundaryOf, initialView, openCorners, readBoundary, ringOf } from "./boundary-geometry";

/** A square of 0.002° by 0.002° north-east of (-97, 32): 222 m by 189 m, about 4.19 ha. */
const SQUARE = [
  [-97, 32],
  [-96.998, 32],
  [-96.998, 32.002],
  [-97, 32.002],
].map((position) => fromLonLat(position));

describe("the site boundary's geometry", () => {
  it("drops the closing point and points repeated in a row", () => {
    expect(
      openCorners([
        [0, 0],
        [1, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ]),
    ).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
    ]);
  });

  it("stores the corners as a closed WGS84 ring, to six decimals, and reads it back onto the map", () => {
    const boundary = boundaryOf(SQUARE);
    expect(boundary).toEqual({
      type: "Polygon",
      coordinates: [
        [
          [-97, 32],
          [-96.998, 32],
          [-96.998, 32.002],
          [-97, 32.002],
          [-97, 32],
        ],
      ],
    });
    const back = ringOf(boundary);
    expect(back).toHaveLength(5);
    expect(back[2]![0]).toBeCloseTo(SQUARE[2]![0]!, 1);
    expect(back[2]![1]).toBeCloseTo(SQUARE[2]![1]!, 1);
  });

  it("reads a closed square's geodesic area and takes it", () => {
    const reading = readBoundary("closed", [...SQUARE, SQUARE[0]!]);
    expect(reading).toMatchObject({ corners: 4, area: "10.36 acres (4.19 ha)", error: null });
    expect(reading.boundary?.coordinates[0]).toHaveLength(5);
  });

  it("shows the area of a ring still being drawn but reports no boundary until it is closed", () => {
    expect(readBoundary("drawing", [])).toEqual({ corners: 0, area: null, boundary: null, error: null, tooLarge: false });
    expect(readBoundary("drawing", [SQUARE[0]!, SQUARE[1]!, SQUARE[1]!])).toEqual({ corners: 2, area: null, boundary: null, error: null, tooLarge: false });
    expect(readBoundary("drawing", SQUARE)).toEqual({ corners: 4, area: "10.36 acres (4.19 ha)", boundary: null, error: null, tooLarge: false });
  });

  it("refuses corners that enclose more than 1,000 km² while they are still being drawn, the area in acres", () => {
    // A degree a side near the equator: about 12,300 km².
    const huge = readBoundary(
      "drawing",
      [
        [0, 0],
        [1, 0],
        [1, 1],
      ].map((position) => fromLonLat(position)),
    );
    expect(huge).toMatchObject({ corners: 3, tooLarge: true, boundary: null });
    expect(huge.error).toMatch(/^The boundary would be [\d,]+(\.\d+)? acres \([\d,.]+ ha\), larger than 1,000 km² \(247,105 acres\): draw the site itself$/);
  });

  it("refuses a closed ring whose edges cross, in the server's words", () => {
    const [a, b, c, d] = SQUARE as [number[], number[], number[], number[]];
    const bowTie = readBoundary("closed", [a, c, b, d, a]);
    expect(bowTie.boundary).toBeNull();
    expect(bowTie.error).toBe(siteBoundaryMessages.crossing);
  });

  it("opens around the boundary, else over the site, else over the business's home (MAP_HOME), else over the whole country", () => {
    const framed = initialView(boundaryOf(SQUARE), { latitude: 10, longitude: 10 });
    expect("extent" in framed && framed.extent.map((value) => Math.round(value))).toEqual(
      [SQUARE[0]![0], SQUARE[0]![1], SQUARE[2]![0], SQUARE[2]![1]].map((value) => Math.round(value!)),
    );
    expect(initialView(null, { latitude: 32, longitude: -97 })).toEqual({ centre: fromLonLat([-97, 32]), zoom: 17 });
    expect(initialView(null, { latitude: null, longitude: -97 })).toMatchObject({ zoom: 4 });
    expect(initialView(null, undefined, { latitude: 31, longitude: -97.3, zoom: 10 })).toEqual({ centre: fromLonLat([-97.3, 31]), zoom: 10 });
    expect(initialView(null, undefined)).toMatchObject({ zoom: 4 });
  });
});
