// A generated orthomosaic for the benches that process one (bench:rasters, bench:memory).
import { createWriteStream, existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { tsImport } from "tsx/esm/api";

const { gdal } = await tsImport("../server/testing/rasters.ts", import.meta.url);

/**
 * A pixel-interleaved RGB orthomosaic of about `sizeMb` MB (uncompressed, tiled, UTM 14N, 3 cm
 * pixels): smooth fields and roads with per-pixel noise, so DEFLATE and the warp work about as hard
 * as on a real one. Kept under os.tmpdir() between runs.
 */
export async function orthomosaic(sizeMb) {
  const file = path.join(os.tmpdir(), `skyvantage-bench-ortho-${sizeMb}mb.tif`);
  if (existsSync(file)) return file;
  const side = Math.floor(Math.sqrt((sizeMb * 1e6) / 3));
  const dir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-bench-ortho-"));
  try {
    console.log(`writing a ${side} × ${side} RGB orthomosaic (${sizeMb} MB) to ${file}…`);
    let seed = 2463534242;
    const rows = (function* () {
      for (let y = 0; y < side; y += 1) {
        const row = Buffer.allocUnsafe(side * 3);
        for (let x = 0; x < side; x += 1) {
          seed ^= seed << 13;
          seed ^= seed >>> 17;
          seed ^= seed << 5;
          const noise = (seed >>> 0) & 15;
          const field = ((x >> 9) + (y >> 9)) & 1;
          const road = x % 2048 < 40 || y % 3072 < 40 ? 1 : 0;
          row[x * 3] = road ? 170 + noise : 60 + field * 50 + ((x >> 4) & 15) + noise;
          row[x * 3 + 1] = road ? 165 + noise : 90 + field * 40 + ((y >> 4) & 15) + noise;
          row[x * 3 + 2] = road ? 160 + noise : 40 + field * 20 + noise;
        }
        yield row;
      }
    })();
    await pipeline(Readable.from(rows), createWriteStream(path.join(dir, "ortho.raw")));
    const bands = [0, 1, 2]
      .map(
        (band) => `<VRTRasterBand dataType="Byte" band="${band + 1}" subClass="VRTRawRasterBand"><ColorInterp>${["Red", "Green", "Blue"][band]}</ColorInterp>
<SourceFilename relativeToVRT="1">ortho.raw</SourceFilename><ImageOffset>${band}</ImageOffset><PixelOffset>3</PixelOffset><LineOffset>${side * 3}</LineOffset></VRTRasterBand>`,
      )
      .join("\n");
    writeFileSync(
      path.join(dir, "ortho.vrt"),
      `<VRTDataset rasterXSize="${side}" rasterYSize="${side}"><SRS>EPSG:32614</SRS><GeoTransform>658000, 0.03, 0, 3542000, 0, -0.03</GeoTransform>\n${bands}\n</VRTDataset>`,
    );
    await gdal("gdal_translate", [
      "-q",
      "-co",
      "TILED=YES",
      "-co",
      "BIGTIFF=YES",
      "-co",
      "PHOTOMETRIC=RGB",
      path.join(dir, "ortho.vrt"),
      path.join(dir, "ortho.tif"),
    ]);
    renameSync(path.join(dir, "ortho.tif"), file);
    return file;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
