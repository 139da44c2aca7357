import type { Config } from "../../config";
import type { EngineOptions, GdalEngine } from "./engine";
import { nativeEngine, onPath } from "./native";
import { wasmEngine } from "./wasm";

/** Whether Debian's gdal-bin is installed: gdalwarp and gdalinfo on PATH (a few stat calls, so looked up per layer). */
async function nativeAvailable(): Promise<boolean> {
  return (await Promise.all([onPath("gdalwarp"), onPath("gdalinfo")])).every(Boolean);
}

/**
 * The engine GDAL_ENGINE asks for. "auto" takes the native programs when installed (several times
 * faster, and lighter: docs/benchmarks.md) and the WebAssembly build otherwise, which needs nothing
 * but npm. `workDir` is where outputs are written; `options` the limits each program runs under.
 */
export async function openGdalEngine(choice: Config["rasters"]["engine"], workDir: string, options: EngineOptions): Promise<GdalEngine> {
  const native = choice === "native" || (choice === "auto" && (await nativeAvailable()));
  if (native) {
    if (choice === "native" && !(await nativeAvailable()))
      throw new Error("GDAL_ENGINE=native but gdalwarp or gdalinfo is not on PATH: install gdal-bin, or set GDAL_ENGINE=auto");
    return nativeEngine(options);
  }
  return wasmEngine(workDir, options);
}
