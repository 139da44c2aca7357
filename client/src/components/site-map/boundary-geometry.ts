import { fromLonLat, toLonLat } from "ol/proj";
import { siteArea } from "@common/site-area-of";
import { type SiteBoundary, siteBoundarySchema } from "@common/site-boundary";
import { formatSiteArea, SITE_MAX_AREA_M2, siteTooLargeMessage } from "@common/site-area";

/** A point on the editor's map, in EPSG:3857 metres. */
export type MapPoint = number[];

/** What the editor holds: nothing yet, a ring being drawn (its last point may follow the pointer), or a closed ring. */
export type BoundaryPhase = "empty" | "drawing" | "closed";

/** Six decimals of a degree is about 11 cm on the ground: finer than anyone draws a site. */
const DECIMALS = 1e6;
const round = (degrees: number) => Math.round(degrees * DECIMALS) / DECIMALS;

/** A view to start from when there is neither a boundary, a site position nor a configured home (MAP_HOME): the continental United States. */
const FALLBACK_CENTRE = [-98.5, 39.5];
const FALLBACK_ZOOM = 4;
/** Close enough over a known site position to see its buildings and fields. */
const SITE_ZOOM = 17;

const samePoint = (a: readonly number[], b: readonly number[]) => a[0] === b[0] && a[1] === b[1];

/** The ring's corners without its closing point or any point repeated in a row (the keyboard path doubles its last). */
export function openCorners(ring: readonly MapPoint[]): MapPoint[] {
  const corners: MapPoint[] = [];
  for (const point of ring) if (!corners.length || !samePoint(corners.at(-1)!, point)) corners.push(point);
  if (corners.length > 1 && samePoint(corners[0]!, corners.at(-1)!)) corners.pop();
  return corners;
}

/** The corners as the GeoJSON Polygon the server stores: WGS84, rounded, the first point repeated last. */
export function boundaryOf(corners: readonly MapPoint[]): SiteBoundary {
  const positions = openCorners(corners.map((point) => toLonLat(point).map(round))) as [number, number][];
  if (positions.length) positions.push([...positions[0]!]);
  return { type: "Polygon", coordinates: [positions] };
}

/** A stored boundary's closed ring on the editor's map. */
export const ringOf = (boundary: SiteBoundary): MapPoint[] => boundary.coordinates[0]!.map((position) => fromLonLat(position));

export interface BoundaryReading {
  /** Distinct corners placed. */
  corners: number;
  /** "12.35 acres (5.00 ha)" once there are three corners; null before. */
  area: string | null;
  /** A closed boundary the server would take; null while drawing, or when it is refused. */
  boundary: SiteBoundary | null;
  /** Why a closed boundary is refused, in the server's words; while drawing, that the corners placed already enclose too much. */
  error: string | null;
  /** Whether the corners placed enclose more than a site may (refused at once, before the ring is closed). */
  tooLarge: boolean;
}

/**
 * What the editor shows and reports for its ring: the area from three corners on, and, once the
 * ring is closed, whether the server's own schema takes it.
 */
export function readBoundary(phase: BoundaryPhase, ring: readonly MapPoint[]): BoundaryReading {
  const polygon = boundaryOf(ring);
  const corners = Math.max(0, polygon.coordinates[0]!.length - 1);
  const measured = polygon.coordinates[0]!.length >= 4 ? siteArea(polygon) : null;
  const area = measured ? formatSiteArea(measured) : null;
  const tooLarge = measured !== null && measured.areaM2 > SITE_MAX_AREA_M2;
  if (tooLarge) return { corners, area, boundary: null, error: siteTooLargeMessage(measured), tooLarge };
  if (phase !== "closed") return { corners, area, boundary: null, error: null, tooLarge };
  const checked = siteBoundarySchema.safeParse(polygon);
  if (checked.success) return { corners, area, boundary: checked.data, error: null, tooLarge };
  return { corners, area, boundary: null, error: checked.error.issues[0]?.message ?? null, tooLarge };
}

/** Where the editor opens: around the boundary when there is one (an extent to fit), else over the site, else wide. */
export function initialView(
  boundary: SiteBoundary | null,
  site: { latitude: number | null; longitude: number | null } | undefined,
  home: { latitude: number; longitude: number; zoom: number } | null = null,
): { extent: number[] } | { centre: MapPoint; zoom: number } {
  if (boundary) {
    const ring = ringOf(boundary);
    const xs = ring.map((point) => point[0]!);
    const ys = ring.map((point) => point[1]!);
    return { extent: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] };
  }
  if (site && site.latitude !== null && site.longitude !== null) return { centre: fromLonLat([site.longitude, site.latitude]), zoom: SITE_ZOOM };
  if (home) return { centre: fromLonLat([home.longitude, home.latitude]), zoom: home.zoom };
  return { centre: fromLonLat(FALLBACK_CENTRE), zoom: FALLBACK_ZOOM };
}
