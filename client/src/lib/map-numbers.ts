// Numbers of the maps as people write them (docs/decisions/0070-base-map-and-geocoder.md): a ground
// resolution in cm/px below a metre and m/px from one up, and a style's range to the precision it is typed in.

/** Tenths below 10 ("4.1 cm/px", "2.5 m/px"), whole numbers from 10 up ("27 cm/px", "90 m/px"). */
function sensibly(value: number): string {
  const rounded = value < 9.95 ? Math.round(value * 10) / 10 : Math.round(value);
  return rounded.toLocaleString("en-US", { maximumFractionDigits: 1 });
}

/** A layer's ground resolution, given in cm per pixel: "4.1 cm/px", "27 cm/px", "1.2 m/px", "90 m/px". */
export function formatResolution(centimetres: number): string {
  // 99.5 cm would round to "100 cm/px": from there on it reads as metres.
  return centimetres < 99.5 ? `${sensibly(centimetres)} cm/px` : `${sensibly(centimetres / 100)} m/px`;
}

/** A style box's number: at most `decimals` places, without float noise (34.59999847 → 34.6) or trailing zeros. */
export function roundForBox(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
