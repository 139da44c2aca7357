import { resolveProgram, runLimited } from "../../processes/limited-process";
import { type EngineOptions, GDAL_CONFIG, GdalError, gdalErrorMessage, type GdalEngine, type GdalInfo, progressReader } from "./engine";

const env = () => ({ ...process.env, ...GDAL_CONFIG });

// gdalinfo's JSON for a large file with many metadata items runs to megabytes, never hundreds.
const MAX_BUFFER = 64 * 1024 * 1024;

/** Whether `program` is an executable file in a folder of PATH. */
export async function onPath(program: string): Promise<boolean> {
  return (await resolveProgram(program)) !== null;
}

/**
 * Debian's gdal-bin, run as separate programs: each call its own process, nothing shared, each
 * under its limits (a time, an address-space cap, a lower priority) and stopped when the work is
 * called off.
 */
export function nativeEngine({ limits, signal }: EngineOptions): GdalEngine {
  return {
    name: "native",
    async info(file, args = []) {
      const run = await runLimited("gdalinfo", ["-json", ...args, file], { env: env(), limits: limits.info, signal, maxOutputBytes: MAX_BUFFER });
      if (run.code !== 0 || run.outputTooLarge) throw new GdalError(gdalErrorMessage(`${run.stderr}\n${run.stdout.toString("utf8")}`));
      try {
        return JSON.parse(run.stdout.toString("utf8")) as GdalInfo;
      } catch {
        throw new GdalError(`gdalinfo answered no JSON: ${gdalErrorMessage(run.stderr)}`);
      }
    },
    async warp(source, target, args, onProgress) {
      // Several threads to warp and to compress the COG's tiles: the 2-core figures in docs/benchmarks.md.
      const run = await runLimited("gdalwarp", [...args, "-multi", "-wo", "NUM_THREADS=ALL_CPUS", "-co", "NUM_THREADS=ALL_CPUS", source, target], {
        env: env(),
        limits: limits.warp,
        signal,
        maxOutputBytes: Number.MAX_SAFE_INTEGER,
        onStdout: progressReader(onProgress),
      });
      // Not GdalError: a process killed from outside (the system, a deploy) says nothing of the file; the queue retries.
      if (run.signal) throw new Error(`gdalwarp was stopped by ${run.signal}`);
      if (run.code !== 0) throw new GdalError(gdalErrorMessage(run.stderr));
    },
    close: async () => undefined,
  };
}
