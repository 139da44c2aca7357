/** A square of a thermal raster's pixels around a point, row by row, the point at its centre. */
export interface PixelWindow {
  values: ArrayLike<number>;
  width: number;
  height: number;
  /** The point's column and row in the window. */
  column: number;
  row: number;
  nodata: number | null;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * What a click on a thermal layer gives a new finding: the hottest pixel of the 3 × 3 around the
 * point (a click lands within a pixel or two of a hot cell) as its maximum, and the median of the
 * rest of the window as its reference, the surroundings a hot spot stands out from (IEC TS
 * 62446-3's ΔT is against unaffected modules nearby). Nodata is left out; null when nothing is left.
 */
export function thermalReading({ values, width, height, column, row, nodata }: PixelWindow): { maxTemp: number | null; refTemp: number | null } {
  const valid = (value: number) => Number.isFinite(value) && value !== nodata;
  let maxTemp: number | null = null;
  const around: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = values[y * width + x]!;
      if (!valid(value)) continue;
      if (Math.abs(x - column) <= 1 && Math.abs(y - row) <= 1) maxTemp = maxTemp === null ? value : Math.max(maxTemp, value);
      else around.push(value);
    }
  }
  around.sort((a, b) => a - b);
  const middle = around.length >> 1;
  const refTemp = around.length === 0 ? null : around.length % 2 ? around[middle]! : (around[middle - 1]! + around[middle]!) / 2;
  return { maxTemp: maxTemp === null ? null : round(maxTemp), refTemp: refTemp === null ? null : round(refTemp) };
}
