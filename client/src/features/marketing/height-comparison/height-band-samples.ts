import type { Band } from "./heights";

/**
 * Heights either side of each band boundary (docs/product.md §9), and the band each reads as: the
 * unit test checks bandOf and the browser test the page with the same examples.
 */
export const BAND_SAMPLES: readonly (readonly [feet: number, band: Band])[] = [
  [100, "low"],
  [160, "low"],
  [170, "medium"],
  [250, "medium"],
  [260, "high"],
  [400, "high"],
];
