// The colour ramps of measured layers, the same on the map (client/src/components/site-map/layer-styles.ts)
// and in the findings' crops the server draws (server/findings/finding-crops.ts). Plain data.

export type Rgb = readonly [number, number, number];
/** Ramp stops from 0 (the range's minimum) to 1 (its maximum). */
export type Ramp = readonly (readonly [number, Rgb])[];

// Hypsometric tints, low greens to high browns: read as terrain without a key.
export const ELEVATION_RAMP: Ramp = [
  [0, [26, 110, 60]],
  [0.25, [120, 180, 100]],
  [0.5, [240, 230, 150]],
  [0.75, [200, 140, 70]],
  [1, [120, 70, 40]],
];
// Inferno: dark is cold, bright is hot, and it stays ordered in greyscale and for colour-blind readers.
export const TEMPERATURE_RAMP: Ramp = [
  [0, [0, 0, 4]],
  [0.2, [66, 10, 104]],
  [0.4, [147, 38, 103]],
  [0.6, [221, 81, 58]],
  [0.8, [252, 165, 10]],
  [1, [252, 255, 164]],
];
// Red (bare, stressed) through yellow to green (vigorous), as plant-health maps are read.
export const INDEX_RAMP: Ramp = [
  [0, [165, 0, 38]],
  [0.25, [244, 109, 67]],
  [0.5, [254, 224, 139]],
  [0.75, [166, 217, 106]],
  [1, [0, 104, 55]],
];

/** The ramp's colour at `t` (0 the range's minimum, 1 its maximum; clamped), blended between its stops. */
export function colourAt(ramp: Ramp, t: number): Rgb {
  const at = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0));
  for (let index = 1; index < ramp.length; index += 1) {
    const [upper, high] = ramp[index]!;
    if (at <= upper) {
      const [lower, low] = ramp[index - 1]!;
      const share = upper === lower ? 0 : (at - lower) / (upper - lower);
      return [0, 1, 2].map((channel) => Math.round(low[channel]! + (high[channel]! - low[channel]!) * share)) as unknown as Rgb;
    }
  }
  return ramp[ramp.length - 1]![1];
}
