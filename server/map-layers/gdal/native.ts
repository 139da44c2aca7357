import { execFile, spawn } from "node:child_process";
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import path from "node:path";
import { GDAL_CONFIG, GdalError, gdalErrorMessage, type GdalEngine, type GdalInfo, progressReader } from "./engine";

const env = () => ({ ...process.env, ...GDAL_CONFIG });

// gdalinfo's JSON for a large file with many metadata items runs to megabytes, never hundreds.
const MAX_BUFFER = 64 * 1024 * 1024;

/** Whether `program` is an executable file in a folder of PATH. */
export async function onPath(program: string): Promise<boolean> {
  for (const folder of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const found = await access(path.join(folder, program), constants.X_OK).then(
      () => true,
      () => false,
    );
    if (found) return true;
  }
  return false;
}

function gdalinfo(file: string, args: string[]): Promise<GdalInfo> {
  return new Promise((resolve, reject) => {
    execFile("gdalinfo", ["-json", ...args, file], { env: env(), maxBuffer: MAX_BUFFER }, (error, stdout, stderr) => {
      if (error) {
        reject((error as NodeJS.ErrnoException).code === "ENOENT" ? error : new GdalError(gdalErrorMessage(`${stderr}\n${stdout}`)));
        return;
      }
      try {
        resolve(JSON.parse(stdout) as GdalInfo);
      } catch {
        reject(new GdalError(`gdalinfo answered no JSON: ${gdalErrorMessage(stderr)}`));
      }
    });
  });
}

function gdalwarp(source: string, target: string, args: string[], onProgress?: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    // Several threads to warp and to compress the COG's tiles: the 2-core figures in docs/benchmarks.md.
    const child = spawn("gdalwarp", [...args, "-multi", "-wo", "NUM_THREADS=ALL_CPUS", "-co", "NUM_THREADS=ALL_CPUS", source, target], { env: env(), stdio: ["ignore", "pipe", "pipe"] });
    const progress = progressReader(onProgress);
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", progress);
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      // The head says why; a flood of warnings after it adds nothing.
      if (stderr.length < 64 * 1024) stderr += chunk;
    });
    child.once("error", reject);
    child.once("close", (code, signal) => {
      if (code === 0) resolve();
      else if (signal) reject(new Error(`gdalwarp was stopped by ${signal}`));
      else reject(new GdalError(gdalErrorMessage(stderr)));
    });
  });
}

/** Debian's gdal-bin, run as separate programs (execFile): each call its own process, nothing shared. */
export function nativeEngine(): GdalEngine {
  return {
    name: "native",
    info: (file, args = []) => gdalinfo(file, args),
    warp: gdalwarp,
    close: async () => undefined,
  };
}
