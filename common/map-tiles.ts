/** A base map's tile address as the providers publish it (docs/decisions/0070-base-map-and-geocoder.md). */
export const TILE_TEMPLATE_EXAMPLE = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

/** Whether `value` is an http(s) XYZ template: the maps fill in {z}, {x} and {y} for each tile. */
export function isTileTemplate(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value.replace(/\{[^}]*\}/g, "0"));
  } catch {
    return false;
  }
  return (url.protocol === "https:" || url.protocol === "http:") && ["{z}", "{x}", "{y}"].every((part) => value.includes(part));
}
