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

/** Whether `value` names a WMTS service's capabilities rather than an XYZ template. */
export function isWmtsCapabilitiesUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  const query = new Map([...url.searchParams].map(([key, item]) => [key.toLowerCase(), item.toLowerCase()]));
  return /wmtscapabilities\.xml$/i.test(url.pathname) || (query.get("service") === "wmts" && query.get("request") === "getcapabilities");
}
