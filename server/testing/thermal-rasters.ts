import { createWriteStream } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { gdal } from "./rasters";

/** A square of hot pixels planted at a known place: its top-left pixel, its side and how much warmer it is. */
export interface PlantedSpot {
  column: number;
  row: number;
  size: number;
  deltaT: number;
}

export interface PlantedThermalOptions {
  width: number;
  height: number;
  spots: readonly PlantedSpot[];
  /** The coordinate system and GDAL geotransform of the file. */
  srs: string;
  geoTransform: readonly [number, number, number, number, number, number];
  /** The standard deviation of the background's per-pixel noise, °C (0.5 by default). */
  noise?: number;
  /** COG writes a Cloud Optimized GeoTIFF (as processing leaves a layer); GTiff a tiled GeoTIFF to upload. */
  format?: "GTiff" | "COG";
  seed?: number;
}

/** The smooth background under the noise: 25 °C, warming by 2 °C across the width and 3 °C down the height. */
export const backgroundAt = (options: Pick<PlantedThermalOptions, "width" | "height">, column: number, row: number): number =>
  25 + (2 * column) / options.width + (3 * row) / options.height;

/**
 * Writes a Float32 thermal GeoTIFF of °C: a gently sloping background with Gaussian noise, and each
 * planted spot exactly `deltaT` above the smooth background on every one of its pixels (no noise on
 * them, so the ΔT a detector should find is known). Rows are streamed to a raw file, which GDAL
 * converts through a VRT, so a 4000 × 3000 raster never sits in memory whole.
 */
export async function writePlantedThermal(dir: string, name: string, options: PlantedThermalOptions): Promise<string> {
  const { width, height, spots, noise = 0.5, format = "GTiff" } = options;
  let seed = options.seed ?? 88_172_645;
  const uniform = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return ((seed >>> 0) + 0.5) / 4_294_967_296;
  };
  const gaussian = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  const byRow = new Map<number, PlantedSpot[]>();
  for (const spot of spots) for (let row = spot.row; row < spot.row + spot.size; row += 1) byRow.set(row, [...(byRow.get(row) ?? []), spot]);

  const rows = (function* () {
    for (let row = 0; row < height; row += 1) {
      const values = new Float32Array(width);
      for (let column = 0; column < width; column += 1) values[column] = backgroundAt(options, column, row) + noise * gaussian();
      for (const spot of byRow.get(row) ?? []) {
        for (let column = spot.column; column < Math.min(width, spot.column + spot.size); column += 1)
          values[column] = backgroundAt(options, column, row) + spot.deltaT;
      }
      yield Buffer.from(values.buffer);
    }
  })();
  const raw = path.join(dir, `${name}.raw`);
  const vrt = path.join(dir, `${name}.vrt`);
  await pipeline(Readable.from(rows), createWriteStream(raw));
  await writeFile(
    vrt,
    `<VRTDataset rasterXSize="${width}" rasterYSize="${height}">
  <SRS>${options.srs}</SRS>
  <GeoTransform>${options.geoTransform.join(", ")}</GeoTransform>
  <VRTRasterBand dataType="Float32" band="1" subClass="VRTRawRasterBand">
    <SourceFilename relativeToVRT="1">${name}.raw</SourceFilename>
    <ImageOffset>0</ImageOffset>
    <PixelOffset>4</PixelOffset>
    <LineOffset>${width * 4}</LineOffset>
    <ByteOrder>LSB</ByteOrder>
  </VRTRasterBand>
</VRTDataset>
`,
  );
  const target = path.join(dir, `${name}.tif`);
  const creation =
    format === "COG"
      ? ["-of", "COG", "-co", "COMPRESS=DEFLATE", "-co", "BLOCKSIZE=256", "-a_nodata", "-9999"]
      : ["-co", "TILED=YES", "-co", "COMPRESS=DEFLATE"];
  await gdal("gdal_translate", ["-q", ...creation, vrt, target]);
  await rm(raw);
  await rm(vrt);
  return target;
}
