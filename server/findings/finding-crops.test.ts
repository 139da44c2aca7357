import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gdal, lonLatOf } from "../testing/rasters";
import { writePlantedThermal } from "../testing/thermal-rasters";
import { CROP_MAX_PIXELS, CROP_MIN_PIXELS, thermalCrop, visualCrop, withLayerImage } from "./finding-crops";

// 6 cm Web Mercator pixels near 32° N (about 5 cm on the ground): a 12 m crop is about 240 pixels.
const MERCATOR = { srs: "EPSG:3857", geoTransform: [-10_797_000, 0.06, 0, 3_763_000, 0, -0.06] as const };
const SIZE = { width: 600, height: 400 };
const SPOT = { column: 300, row: 200, size: 6, deltaT: 18 };

describe("a finding's crops from the job's layers", () => {
  let dir: string;
  let thermal: string;
  let ortho: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-crops-"));
    thermal = await writePlantedThermal(dir, "thermal", { ...SIZE, ...MERCATOR, spots: [SPOT], noise: 0.2, format: "COG" });
    ortho = path.join(dir, "ortho.tif");
    // A red orthomosaic over the same ground.
    const [x, , , y] = MERCATOR.geoTransform;
    await gdal("gdal_create", [
      ...["-of", "GTiff", "-outsize", String(SIZE.width), String(SIZE.height), "-bands", "3", "-ot", "Byte"],
      ...["-burn", "200", "-burn", "40", "-burn", "30", "-a_srs", "EPSG:3857"],
      ...["-a_ullr", String(x), String(y), String(x + SIZE.width * 0.06), String(y - SIZE.height * 0.06), ortho],
    ]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("draws the thermal crop centred on the finding, its hottest pixels brightest, with the scale from the crop's coolest to its hottest under it", async () => {
    const place = { ...(await lonLatOf(thermal, SPOT.column + 3, SPOT.row + 3)), polygon: null };
    const crop = await withLayerImage(thermal, (image) => thermalCrop(image, place));
    expect(crop).not.toBeNull();
    const { data, info } = await sharp(crop!.body).raw().toBuffer({ resolveWithObject: true });
    expect([info.format, info.width, info.height]).toEqual(["raw", crop!.width, crop!.height]);
    expect(crop!.width).toBeGreaterThan(200);
    expect(crop!.width).toBeLessThanOrEqual(CROP_MAX_PIXELS);
    const pixel = (column: number, row: number) => [
      ...data.subarray((row * info.width + column) * info.channels, (row * info.width + column) * info.channels + 3),
    ];
    const imageHeight = crop!.height - 34;
    const centre = pixel(Math.floor(crop!.width / 2), Math.floor(imageHeight / 2));
    const corner = pixel(2, 2);
    // Inferno's hot end is pale yellow, its cool end near black.
    expect(centre[0]! + centre[1]! + centre[2]!).toBeGreaterThan(600);
    expect(corner[0]! + corner[1]! + corner[2]!).toBeLessThan(300);
    // The scale's bar runs from the ramp's dark end to its bright end.
    const barLeft = pixel(6, imageHeight + 8);
    const barRight = pixel(crop!.width - 6, imageHeight + 8);
    expect(barLeft[0]! + barLeft[1]! + barLeft[2]!).toBeLessThan(barRight[0]! + barRight[1]! + barRight[2]!);
  });

  it("enlarges a coarse thermal layer's crop, each of its pixels a block, so its scale's temperatures fit side by side", async () => {
    // 30 cm Mercator pixels: the 12 m around the finding are about 47 pixels of the layer.
    const coarse = await writePlantedThermal(dir, "coarse", {
      width: 120,
      height: 80,
      srs: "EPSG:3857",
      geoTransform: [-10_797_000, 0.3, 0, 3_763_000, 0, -0.3],
      spots: [{ column: 60, row: 40, size: 2, deltaT: 18 }],
      noise: 0.2,
      format: "COG",
    });
    const place = { ...(await lonLatOf(coarse, 61, 41)), polygon: null };
    const crop = await withLayerImage(coarse, (image) => thermalCrop(image, place));
    expect(crop).not.toBeNull();
    expect(crop!.width).toBe(CROP_MIN_PIXELS);
    const { data, info } = await sharp(crop!.body).raw().toBuffer({ resolveWithObject: true });
    const row = (at: number) => [...data.subarray(at * info.width * info.channels, (at + 1) * info.width * info.channels)];
    // Along a row of the picture, the colour changes only every few pixels (one layer pixel is about five drawn).
    const line = row(Math.floor((crop!.height - 34) / 3));
    let changes = 0;
    for (let column = 1; column < info.width; column += 1) if (line[column * info.channels] !== line[(column - 1) * info.channels]) changes += 1;
    expect(changes).toBeGreaterThan(10);
    expect(changes).toBeLessThan(info.width / 3);
  });

  it("draws the orthomosaic's crop in its own colours", async () => {
    const place = { ...(await lonLatOf(ortho, 300, 200)), polygon: null };
    const crop = await withLayerImage(ortho, (image) => visualCrop(image, place));
    expect(crop?.contentType).toBe("image/jpeg");
    const { data } = await sharp(crop!.body).raw().toBuffer({ resolveWithObject: true });
    expect([data[0]! > 180, data[1]! < 70, data[2]! < 60]).toEqual([true, true, true]);
  });

  it("makes no crop of a finding outside the layer", async () => {
    const outside = { ...(await lonLatOf(thermal, -200, 100)), polygon: null };
    expect(await withLayerImage(thermal, (image) => thermalCrop(image, outside))).toBeNull();
    expect(await withLayerImage(ortho, (image) => visualCrop(image, outside))).toBeNull();
  });
});
