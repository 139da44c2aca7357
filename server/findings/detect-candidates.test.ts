import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectionMessages } from "@common/finding-detection";
import { lonLatOf } from "../testing/rasters";
import { writePlantedThermal } from "../testing/thermal-rasters";
import { proposeHotSpots } from "./propose-hot-spots";

// 6 cm Web Mercator pixels near 32° N: about 5 cm on the ground, so 1 m is about 20 pixels.
const MERCATOR = { srs: "EPSG:3857", geoTransform: [-10_797_000, 0.06, 0, 3_763_000, 0, -0.06] as const };
const SIZE = { width: 600, height: 400 };

describe("proposeHotSpots on a COG as processing leaves a layer", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-propose-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("places each hot spot by its hottest pixel, and gathers spots within 1 m into one of multiple hot spots", async () => {
    const spots = [
      { column: 100, row: 100, size: 3, deltaT: 15 },
      { column: 400, row: 250, size: 2, deltaT: 9 },
      { column: 408, row: 255, size: 2, deltaT: 6 },
    ];
    const file = await writePlantedThermal(dir, "cog", { ...SIZE, ...MERCATOR, spots, noise: 0.3, format: "COG" });
    const groups = await proposeHotSpots(file, { minDeltaT: 3, resolutionCm: 5.09 });
    expect(groups.map((group) => ({ members: group.members.length, deltaT: Math.round(group.lead.deltaT) }))).toEqual([
      { members: 1, deltaT: 15 },
      { members: 2, deltaT: 9 },
    ]);
    const [single] = groups;
    const where = await lonLatOf(file, single!.lead.column + 0.5, single!.lead.row + 0.5);
    expect(single!.lon).toBeCloseTo(where.lon, 7);
    expect(single!.lat).toBeCloseTo(where.lat, 7);
    expect(single!.lead.column - 100).toBeGreaterThanOrEqual(0);
    expect(single!.lead.column - 100).toBeLessThan(3);
  });

  it("refuses a file that is not in Web Mercator rather than placing it wrongly", async () => {
    const file = await writePlantedThermal(dir, "utm", {
      ...SIZE,
      srs: "EPSG:32614",
      geoTransform: [658_000, 0.1, 0, 3_542_000, 0, -0.1],
      spots: [],
      format: "COG",
    });
    await expect(proposeHotSpots(file, { minDeltaT: 3, resolutionCm: 10 })).rejects.toThrow(detectionMessages.notEpsg3857);
  });
});
