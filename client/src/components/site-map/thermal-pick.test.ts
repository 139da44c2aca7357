import { describe, expect, it } from "vitest";
import { thermalReading } from "./thermal-pick";

/** A 5 × 5 window at 30 °C, with the given pixels (column, row) set. */
function window(hot: [number, number, number][], nodata: number | null = null) {
  const values = new Float32Array(25).fill(30);
  for (const [column, row, value] of hot) values[row * 5 + column] = value;
  return { values, width: 5, height: 5, column: 2, row: 2, nodata };
}

describe("a finding placed on a thermal layer", () => {
  it("takes the hottest pixel next to the click as its maximum and the median around as its reference", () => {
    expect(thermalReading(window([[3, 1, 61.237]]))).toEqual({ maxTemp: 61.24, refTemp: 30 });
  });

  it("does not take a hot pixel beyond the click's neighbours as the maximum", () => {
    expect(
      thermalReading(
        window([
          [0, 0, 80],
          [2, 2, 45],
        ]),
      ),
    ).toEqual({ maxTemp: 45, refTemp: 30 });
  });

  it("leaves nodata out, and gives nothing where there is nothing", () => {
    expect(thermalReading(window([[2, 2, -9999]], -9999))).toEqual({ maxTemp: 30, refTemp: 30 });
    expect(thermalReading({ values: [-9999], width: 1, height: 1, column: 0, row: 0, nodata: -9999 })).toEqual({ maxTemp: null, refTemp: null });
  });
});
