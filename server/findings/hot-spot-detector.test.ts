import { describe, expect, it } from "vitest";
import { type ThermalRaster, findHotClusters, groupClusters } from "./hot-spot-detector";

/** An in-memory raster of 20 °C with a little ripple, whose reads are recorded. */
function raster(width: number, height: number, noData: number | null = null) {
  const pixels = new Float32Array(width * height).map((_, index) => 20 + 0.2 * Math.sin(index * 0.7));
  const windows: [number, number, number, number][] = [];
  const source: ThermalRaster = {
    width,
    height,
    noData,
    async read(window) {
      windows.push(window);
      const [x0, y0, x1, y1] = window;
      const out = new Float32Array((x1 - x0) * (y1 - y0));
      for (let y = y0; y < y1; y += 1) out.set(pixels.subarray(y * width + x0, y * width + x1), (y - y0) * (x1 - x0));
      return out;
    },
  };
  const plant = (column: number, row: number, size: number, value: number) => {
    for (let y = row; y < row + size; y += 1) for (let x = column; x < column + size; x += 1) pixels[y * width + x] = value;
  };
  return { source, pixels, plant, windows };
}

describe("findHotClusters", () => {
  it("finds a cluster lying across the windows' edges once, by its hottest pixel", async () => {
    const { source, plant, pixels } = raster(300, 200);
    plant(126, 126, 6, 31);
    pixels[129 * 300 + 130] = 34;
    const found = await findHotClusters(source, { minDeltaT: 3, window: 128 });
    expect(found).toEqual([{ column: 130, row: 129, maxTemp: 34, refTemp: expect.closeTo(20, 0), deltaT: expect.closeTo(14, 0), pixels: 36 }]);
  });

  it("reads window by window, each with its margin, never the whole raster at once", async () => {
    const { source, windows } = raster(300, 200);
    await findHotClusters(source, { minDeltaT: 3, window: 128 });
    expect(windows).toHaveLength(3 * 2);
    expect(windows[0]).toEqual([0, 0, 192, 192]);
    expect(windows[4]).toEqual([64, 64, 300, 200]);
  });

  it("takes no nodata pixel for a hot one nor into the background, and nothing below the floor", async () => {
    const { source, plant } = raster(200, 200, -9999);
    plant(0, 0, 60, -9999);
    plant(100, 100, 4, 22.5);
    expect(await findHotClusters(source, { minDeltaT: 3 })).toEqual([]);
    plant(150, 40, 3, 60);
    expect(await findHotClusters(source, { minDeltaT: 3 })).toMatchObject([{ column: 150, row: 40, maxTemp: 60, pixels: 9 }]);
  });
});

describe("groupClusters", () => {
  const cluster = (column: number, row: number, deltaT: number) => ({ column, row, deltaT, maxTemp: 20 + deltaT, refTemp: 20, pixels: 1 });

  it("gathers clusters within the distance of a hotter one behind it, and leaves distant ones alone", () => {
    const groups = groupClusters([cluster(10, 10, 5), cluster(14, 12, 12), cluster(80, 80, 7), cluster(17, 12, 4)], 6);
    expect(groups.map((group) => ({ lead: [group.lead.column, group.lead.row], members: group.members.length }))).toEqual([
      { lead: [14, 12], members: 3 },
      { lead: [80, 80], members: 1 },
    ]);
  });
});

describe("findHotClusters over noisy ground", () => {
  it("raises the floor to five times the noise, so noise alone proposes nothing and a clear spot still stands out", async () => {
    const width = 256;
    const height = 256;
    let seed = 99;
    const uniform = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return (seed + 0.5) / 2147483648;
    };
    // Gaussian noise of σ = 1 °C: at a 3 °C floor, hundreds of its pixels would pass.
    const pixels = new Float32Array(width * height).map(() => 20 + Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform()));
    for (let y = 100; y < 104; y += 1) for (let x = 100; x < 104; x += 1) pixels[y * width + x] = 32;
    const source: ThermalRaster = { width, height, noData: null, read: async () => pixels };
    const found = await findHotClusters(source, { minDeltaT: 3 });
    expect(found).toMatchObject([{ column: 100, row: 100, maxTemp: 32, pixels: 16 }]);
  });
});
