// A thermal GeoTIFF made in the test with known temperatures (e2e/site-maps.spec.ts, e2e/findings.spec.ts).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";

/**
 * A thermal raster in °C, 45 × 45 pixels of 2 m in UTM zone 14N (Texas), in 5 × 5 blocks of 9 pixels
 * of one temperature each: 20 °C, plus 2.5 per block row and 0.5 per block column. The view's centre
 * falls inside the middle block (26 °C), whose value is then exact whatever the warp's rounding.
 */
export function thermalRaster(dir: string): string {
  const rows = Array.from({ length: 45 }, (_, row) =>
    Array.from({ length: 45 }, (_, column) => (20 + Math.floor(row / 9) * 2.5 + Math.floor(column / 9) * 0.5).toFixed(2)).join(" "),
  );
  const grid = path.join(dir, "thermal.asc");
  writeFileSync(grid, ["ncols 45", "nrows 45", "xllcorner 630000", "yllcorner 3540000", "cellsize 2", ...rows].join("\n"));
  const tif = path.join(dir, "thermal.tif");
  execFileSync("gdal_translate", ["-q", "-of", "GTiff", "-ot", "Float32", "-a_srs", "EPSG:32614", grid, tif]);
  return tif;
}
