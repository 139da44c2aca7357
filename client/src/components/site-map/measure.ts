import { siteArea } from "@common/site-area-of";
import { formatSiteArea } from "@common/site-area";

export type MeasureMode = "distance" | "area";

const decimals = (value: number, digits: number) => value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** "Distance: 123.4 m", or in km (2 decimals) from 1000 m. */
export function formatDistance(metres: number): string {
  return metres < 1000 ? `Distance: ${decimals(metres, 1)} m` : `Distance: ${decimals(metres / 1000, 2)} km`;
}

/**
 * "Area: 12.35 acres (5.00 ha)" of a ring of WGS84 [longitude, latitude] points (closed or not), on the sphere as
 * the site boundary's own area is counted, so a measured field and a drawn site agree.
 */
export function formatArea(ring: readonly (readonly number[])[]): string {
  const points = ring.map(([longitude = 0, latitude = 0]) => [longitude, latitude]);
  const [first, last] = [points[0], points.at(-1)];
  const isClosed = first && last && points.length > 1 && first[0] === last[0] && first[1] === last[1];
  const closed = first && !isClosed ? [...points, first] : points;
  const area = closed.length >= 4 ? siteArea({ type: "Polygon", coordinates: [closed] }) : { areaM2: 0, acres: 0, hectares: 0 };
  return `Area: ${formatSiteArea(area)}`;
}
