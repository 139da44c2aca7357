// Hot-spot detection on a large thermal raster with planted hot spots of known size and
// ΔT: how many it finds, misses and invents, how long it takes and the memory it holds. The raster is
// a Float32 COG in Web Mercator, as processing leaves a layer (4000 × 3000 pixels of 5 cm on the
// ground by default), a sloping background with Gaussian noise, and `spots` squares of 1 × 1 to
// 10 × 10 pixels, each 5 to 40 °C above the background. Detection runs in a child process of its
// own, the server's own proposeHotSpots (server/findings/detect-candidates.ts), so its peak resident
// memory (getrusage's maxRSS) is detection's alone.
// Usage: npm run bench:findings-detect [-- width=4000 height=3000 spots=60 noise=0.5 minDeltaT=3]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const options = Object.fromEntries(process.argv.slice(2).map((arg) => arg.split("=")));

if (options.phase === "detect") {
  // The child: detection alone, then its figures as one JSON line.
  const { proposeHotSpots } = await tsImport("../server/findings/propose-hot-spots.ts", import.meta.url);
  const before = process.memoryUsage().rss;
  const started = process.hrtime.bigint();
  const groups = await proposeHotSpots(options.file, { minDeltaT: Number(options.minDeltaT), resolutionCm: Number(options.resolutionCm) });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const found = groups.map((group) => ({ column: group.lead.column, row: group.lead.row, deltaT: group.lead.deltaT, members: group.members.length }));
  console.log(JSON.stringify({ seconds, rssBeforeMb: before / 1e6, peakRssMb: process.resourceUsage().maxRSS / 1e3, found }));
  process.exit(0);
}

const width = Number(options.width ?? 4000);
const height = Number(options.height ?? 3000);
const count = Number(options.spots ?? 60);
const noise = Number(options.noise ?? 0.5);
const minDeltaT = Number(options.minDeltaT ?? 3);
// 6 cm Web Mercator pixels near 32° N: about 5 cm on the ground.
const PIXEL = 0.06;
const resolutionCm = Math.round(PIXEL * Math.cos((32 * Math.PI) / 180) * 100 * 100) / 100;

const { writePlantedThermal } = await tsImport("../server/testing/thermal-rasters.ts", import.meta.url);

/** Spots on a jittered grid, at least 150 pixels apart, sizes 1–10 and ΔT 5–40 °C spread evenly over them. */
function plantedSpots() {
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const columns = Math.ceil(Math.sqrt((count * width) / height));
  const rows = Math.ceil(count / columns);
  const spots = [];
  for (let index = 0; index < count; index += 1) {
    const cellWidth = width / columns;
    const cellHeight = height / rows;
    const size = 1 + (index % 10);
    const deltaT = Math.round((5 + (35 * ((index * 7) % count)) / Math.max(1, count - 1)) * 10) / 10;
    const column = Math.floor((index % columns) * cellWidth + 40 + random() * Math.max(1, cellWidth - 90));
    const row = Math.floor(Math.floor(index / columns) * cellHeight + 40 + random() * Math.max(1, cellHeight - 90));
    spots.push({ column, row, size, deltaT });
  }
  return spots;
}

function detectInChild(file) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), "phase=detect", `file=${file}`, `minDeltaT=${minDeltaT}`, `resolutionCm=${resolutionCm}`],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1))) : reject(new Error(`detection exited with ${code}`))));
  });
}

const dir = mkdtempSync(path.join(os.tmpdir(), "skyvantage-bench-detect-"));
try {
  const spots = plantedSpots();
  console.log(`writing a ${width} × ${height} thermal COG with ${spots.length} planted hot spots (noise σ ${noise} °C)…`);
  const geoTransform = [-10_797_000, PIXEL, 0, 3_763_000, 0, -PIXEL];
  const file = await writePlantedThermal(dir, "planted", { width, height, spots, noise, srs: "EPSG:3857", geoTransform, format: "COG" });
  const result = await detectInChild(file);

  // A spot is found when a candidate's hottest pixel lies on it (or one pixel around, for the warp of a real layer).
  const matched = new Set();
  const errors = [];
  let falseCandidates = 0;
  for (const candidate of result.found) {
    const spot = spots.findIndex(
      (s) => candidate.column >= s.column - 1 && candidate.column <= s.column + s.size && candidate.row >= s.row - 1 && candidate.row <= s.row + s.size,
    );
    if (spot === -1) {
      falseCandidates += 1;
      continue;
    }
    matched.add(spot);
    errors.push(Math.abs(candidate.deltaT - spots[spot].deltaT));
  }
  const missed = spots.filter((_, index) => !matched.has(index));
  console.table({
    raster: { value: `${width} × ${height} Float32 COG, ${(width * height) / 1e6} Mpx` },
    planted: { value: spots.length },
    found: { value: matched.size },
    missed: { value: missed.length },
    "false candidates": { value: falseCandidates },
    "ΔT error, mean / max (°C)": {
      value: `${(errors.reduce((a, b) => a + b, 0) / Math.max(1, errors.length)).toFixed(2)} / ${Math.max(0, ...errors).toFixed(2)}`,
    },
    "detection (s)": { value: result.seconds.toFixed(2) },
    "RSS before / peak (MB)": { value: `${result.rssBeforeMb.toFixed(0)} / ${result.peakRssMb.toFixed(0)}` },
  });
  if (missed.length) console.log("missed:", missed);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
