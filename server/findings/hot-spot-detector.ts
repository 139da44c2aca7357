// Hot spots on a thermal raster (docs/decisions/0033-hot-spot-detection.md): pixel
// clusters standing at least `minDeltaT` above the median of their surroundings. The raster is read
// window by window, so memory follows the window's size, never the raster's.

/** A single-band raster of °C read by windows: [x0, y0, x1, y1), x1 and y1 exclusive, row by row. */
export interface ThermalRaster {
  width: number;
  height: number;
  /** The value of pixels outside the image (GDAL's nodata), if any. */
  noData: number | null;
  read(window: [number, number, number, number]): Promise<ArrayLike<number>>;
}

/** One cluster of hot pixels, by its hottest pixel (column, row of the raster). */
export interface HotCluster {
  column: number;
  row: number;
  /** The hottest pixel's temperature. */
  maxTemp: number;
  /** The median of the surroundings at the hottest pixel. */
  refTemp: number;
  deltaT: number;
  /** How many pixels stand at least minDeltaT above their surroundings. */
  pixels: number;
}

// The background is the median of cell medians over a square of (2·RADIUS+1)² cells around each
// cell: 80 × 80 pixels. A cluster up to a few cells wide leaves most of them untouched, so it does
// not lift its own reference; the cells' grid is the raster's, the same in every window.
const CELL = 16;
const RADIUS = 2;
// Each window is read with this margin on every side: enough for the background of its edge cells
// and for a cluster reaching out of it. A cluster is kept by the window holding its hottest pixel.
const HALO = 64;
const WINDOW = 1024;
// A cell with fewer valid pixels than this has no median of its own (the image's edge, nodata).
const MIN_VALID = (CELL * CELL) / 4;
// Over noisy ground the floor rises to this many standard deviations of the window's noise, so that
// noise alone is not proposed (at 5σ, a few pixels in ten million of Gaussian noise).
const NOISE_SIGMAS = 5;
// The noise is measured on every NOISE_STEP-th pixel: plenty for a median, a quarter of the sorting.
const NOISE_STEP = 4;
// The median absolute deviation of Gaussian noise times this is its standard deviation.
const MAD_TO_SIGMA = 1.4826;

function median(values: Float32Array, count: number): number {
  const sorted = values.subarray(0, count).sort();
  const middle = count >> 1;
  return count % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const isValid = (value: number, noData: number | null) => Number.isFinite(value) && value !== noData;

/** The background of each cell of a window: the median of its neighbours' medians (NaN where none). */
function cellBackgrounds(data: ArrayLike<number>, width: number, height: number, noData: number | null) {
  const columns = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const medians = new Float32Array(columns * rows);
  const scratch = new Float32Array(CELL * CELL);
  for (let cy = 0; cy < rows; cy += 1) {
    for (let cx = 0; cx < columns; cx += 1) {
      let count = 0;
      for (let y = cy * CELL; y < Math.min(height, (cy + 1) * CELL); y += 1) {
        for (let x = cx * CELL; x < Math.min(width, (cx + 1) * CELL); x += 1) {
          const value = data[y * width + x]!;
          if (isValid(value, noData)) scratch[count++] = value;
        }
      }
      medians[cy * columns + cx] = count >= MIN_VALID ? median(scratch, count) : NaN;
    }
  }
  const backgrounds = new Float32Array(columns * rows);
  const around = new Float32Array((2 * RADIUS + 1) ** 2);
  for (let cy = 0; cy < rows; cy += 1) {
    for (let cx = 0; cx < columns; cx += 1) {
      let count = 0;
      for (let ny = Math.max(0, cy - RADIUS); ny <= Math.min(rows - 1, cy + RADIUS); ny += 1) {
        for (let nx = Math.max(0, cx - RADIUS); nx <= Math.min(columns - 1, cx + RADIUS); nx += 1) {
          const value = medians[ny * columns + nx]!;
          if (!Number.isNaN(value)) around[count++] = value;
        }
      }
      backgrounds[cy * columns + cx] = count > 0 ? median(around, count) : NaN;
    }
  }
  return { backgrounds, columns, rows };
}

/**
 * The background at a pixel, interpolated between the centres of the four cells around it, so a
 * gradient across the site (a roof warmer to the south) does not step at each cell's edge.
 */
function backgroundAt(grid: ReturnType<typeof cellBackgrounds>, x: number, y: number): number {
  const { backgrounds, columns, rows } = grid;
  const fx = Math.min(Math.max((x + 0.5) / CELL - 0.5, 0), columns - 1);
  const fy = Math.min(Math.max((y + 0.5) / CELL - 0.5, 0), rows - 1);
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(x0 + 1, columns - 1);
  const y1 = Math.min(y0 + 1, rows - 1);
  const a = backgrounds[y0 * columns + x0]!;
  const b = backgrounds[y0 * columns + x1]!;
  const c = backgrounds[y1 * columns + x0]!;
  const d = backgrounds[y1 * columns + x1]!;
  if (Number.isNaN(a) || Number.isNaN(b) || Number.isNaN(c) || Number.isNaN(d)) {
    return backgrounds[Math.min(Math.floor(y / CELL), rows - 1) * columns + Math.min(Math.floor(x / CELL), columns - 1)]!;
  }
  const tx = fx - x0;
  const ty = fy - y0;
  return (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The clusters of one window whose hottest pixel lies in its core (the window without its margin). */
function clustersOfWindow(
  data: ArrayLike<number>,
  origin: { x: number; y: number; width: number; height: number },
  core: { x0: number; y0: number; x1: number; y1: number },
  noData: number | null,
  minDeltaT: number,
): HotCluster[] {
  const { width, height } = origin;
  const grid = cellBackgrounds(data, width, height, noData);
  const excess = new Float32Array(width * height);
  const deviations = new Float32Array(Math.ceil((width * height) / NOISE_STEP));
  let sampled = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const index = y * width + x;
      const value = data[index]!;
      excess[index] = isValid(value, noData) ? value - backgroundAt(grid, x, y) : NaN;
      if (index % NOISE_STEP === 0 && !Number.isNaN(excess[index]!)) deviations[sampled++] = Math.abs(excess[index]!);
    }
  }
  const floor = Math.max(minDeltaT, sampled > 0 ? NOISE_SIGMAS * MAD_TO_SIGMA * median(deviations, sampled) : 0);
  const hot = new Uint8Array(width * height);
  for (let index = 0; index < hot.length; index += 1) if (excess[index]! >= floor) hot[index] = 1;
  const found: HotCluster[] = [];
  const stack = new Int32Array(width * height);
  for (let start = 0; start < hot.length; start += 1) {
    if (hot[start] !== 1) continue;
    // Eight-connected flood fill; a visited pixel is marked 2.
    let top = 0;
    stack[top++] = start;
    hot[start] = 2;
    let pixels = 0;
    let hottest = start;
    while (top > 0) {
      const index = stack[--top]!;
      pixels += 1;
      if (data[index]! > data[hottest]!) hottest = index;
      const x = index % width;
      const y = (index - x) / width;
      for (let dy = -1; dy <= 1; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const next = ny * width + nx;
          if (hot[next] === 1) {
            hot[next] = 2;
            stack[top++] = next;
          }
        }
      }
    }
    const x = hottest % width;
    const y = (hottest - x) / width;
    const column = origin.x + x;
    const row = origin.y + y;
    if (column < core.x0 || column >= core.x1 || row < core.y0 || row >= core.y1) continue;
    const maxTemp = data[hottest]!;
    const refTemp = maxTemp - excess[hottest]!;
    found.push({ column, row, maxTemp: round2(maxTemp), refTemp: round2(refTemp), deltaT: round2(maxTemp - refTemp), pixels });
  }
  return found;
}

/**
 * Every cluster of pixels standing at least `minDeltaT` °C above the median of their surroundings
 * (about 80 × 80 pixels), by its hottest pixel, in reading order of the windows; over ground noisier
 * than a fifth of that, at least five times the window's noise. A cluster wider than the windows'
 * margin (64 pixels) may be cut in two.
 */
export async function findHotClusters(
  raster: ThermalRaster,
  { minDeltaT, window = WINDOW, onProgress }: { minDeltaT: number; window?: number; onProgress?: (done: number) => void },
): Promise<HotCluster[]> {
  const found: HotCluster[] = [];
  const windows = Math.ceil(raster.width / window) * Math.ceil(raster.height / window);
  let done = 0;
  for (let y0 = 0; y0 < raster.height; y0 += window) {
    for (let x0 = 0; x0 < raster.width; x0 += window) {
      const core = { x0, y0, x1: Math.min(x0 + window, raster.width), y1: Math.min(y0 + window, raster.height) };
      const read = {
        x: Math.max(0, x0 - HALO),
        y: Math.max(0, y0 - HALO),
        x1: Math.min(raster.width, core.x1 + HALO),
        y1: Math.min(raster.height, core.y1 + HALO),
      };
      const data = await raster.read([read.x, read.y, read.x1, read.y1]);
      found.push(...clustersOfWindow(data, { x: read.x, y: read.y, width: read.x1 - read.x, height: read.y1 - read.y }, core, raster.noData, minDeltaT));
      done += 1;
      onProgress?.(done / windows);
    }
  }
  return found;
}

/** Clusters near one another, as one module's several hot cells: the hottest leads, the others follow it. */
export interface ClusterGroup {
  lead: HotCluster;
  members: HotCluster[];
}

/**
 * Gathers clusters whose hottest pixels lie within `distance` pixels of a hotter one's: those become
 * one candidate of multiple hot spots. Hottest first, so each group is led by its worst.
 */
export function groupClusters(clusters: readonly HotCluster[], distance: number): ClusterGroup[] {
  const groups: ClusterGroup[] = [];
  const byDeltaT = [...clusters].sort((a, b) => b.deltaT - a.deltaT);
  const cellOf = (cluster: HotCluster) => `${Math.floor(cluster.column / distance)},${Math.floor(cluster.row / distance)}`;
  const leadsByCell = new Map<string, ClusterGroup[]>();
  for (const cluster of byDeltaT) {
    const cx = Math.floor(cluster.column / distance);
    const cy = Math.floor(cluster.row / distance);
    let home: ClusterGroup | undefined;
    for (let dy = -1; dy <= 1 && !home; dy += 1) {
      for (let dx = -1; dx <= 1 && !home; dx += 1) {
        home = leadsByCell
          .get(`${cx + dx},${cy + dy}`)
          ?.find((group) => Math.hypot(group.lead.column - cluster.column, group.lead.row - cluster.row) <= distance);
      }
    }
    if (home) {
      home.members.push(cluster);
      continue;
    }
    const group = { lead: cluster, members: [cluster] };
    groups.push(group);
    const key = cellOf(cluster);
    leadsByCell.set(key, [...(leadsByCell.get(key) ?? []), group]);
  }
  return groups;
}
