// A solar site's layout or a farm's fields (docs/decisions/0071-site-layouts.md): polygons, each with
// the locator a field crew walks to ("Block A / Row 12 / String 3", a field's name). Plain data and
// functions without zod, so the map reads them without the validation library.

type Position = [number, number];
type Ring = Position[];

export type LayoutGeometry = { type: "Polygon"; coordinates: Ring[] } | { type: "MultiPolygon"; coordinates: Ring[][] };

/** One table, row, string or field of the layout, as stored and as answered (a GeoJSON Feature). */
export interface LayoutFeature {
  type: "Feature";
  properties: { locator: string };
  geometry: LayoutGeometry;
}

/** GET /api/jobs/:id/site-layout: the job's layout as GeoJSON; `name` is the file it came from ("" with no layout). */
export interface SiteLayout {
  type: "FeatureCollection";
  name: string;
  features: LayoutFeature[];
}

/** A layout may lie this far outside the job's site and still be this site's (a layout often takes in the access road). */
export const LAYOUT_MAX_DISTANCE_KM = 5;
/** More features than any site's tables, rows or strings; beyond it a file is not a layout. */
const LAYOUT_MAX_FEATURES = 100_000;
export const LAYOUT_MAX_BYTES = 20 * 1024 * 1024;

export const siteLayoutMessages = {
  format: "The layout file must be GeoJSON (a FeatureCollection of polygons) or KML",
  noPolygons: "The layout file has no polygons: a layout is the site's tables, rows, strings or fields drawn as polygons",
  position: "Each corner of a layout polygon is [longitude, latitude]: longitude from -180 to 180, latitude from -90 to 90",
  tooMany: `A layout may have at most ${LAYOUT_MAX_FEATURES.toLocaleString("en-US")} polygons`,
  tooFar: (km: number) => `The layout lies ${Math.round(km)} km outside this job's site (more than ${LAYOUT_MAX_DISTANCE_KM} km): is it another site's?`,
  file: "Choose a GeoJSON or KML file as `file`",
  notFound: "This job has no site layout",
  deleted: "Site layout deleted",
} as const;

/**
 * The parts of a locator, in the order a crew walks them, each with the property names real exports
 * give it (PVsyst, Raptor Maps, survey CAD exports write "Block", "block_id", "BLOCK" alike).
 */
const LOCATOR_PARTS: readonly { label: string; keys: readonly string[] }[] = [
  { label: "Block", keys: ["block", "blockid", "blockname", "blocknumber", "blockno"] },
  { label: "Inverter", keys: ["inverter", "inverterid", "inv"] },
  { label: "Combiner", keys: ["combiner", "combinerid", "combinerbox", "cb"] },
  { label: "Row", keys: ["row", "rowid", "rownumber", "rowno"] },
  { label: "Table", keys: ["table", "tableid", "tablenumber", "tableno", "tracker", "trackerid"] },
  { label: "String", keys: ["string", "stringid", "stringnumber", "stringno"] },
];
/** With none of the parts above: a field's or zone's own name, else an id. */
const NAME_KEYS = ["name", "fieldname", "field", "zone", "zonename", "label", "title", "id"];

const normalKey = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, "");

function propertyText(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

/** A feature's locator from its properties: "Block A / Row 12 / String 3", else its name or id; "" when it carries none. */
export function locatorOf(properties: Record<string, unknown> | null | undefined): string {
  const byKey = new Map<string, string>();
  for (const [key, value] of Object.entries(properties ?? {})) {
    const text = propertyText(value);
    if (text && !byKey.has(normalKey(key))) byKey.set(normalKey(key), text);
  }
  const parts = LOCATOR_PARTS.flatMap(({ label, keys }) => {
    const value = keys.map((key) => byKey.get(key)).find(Boolean);
    if (!value) return [];
    // "B3" or "Block 3" is kept as written; a bare "3" is labelled.
    return [value.toLowerCase().startsWith(label.toLowerCase()) ? value : `${label} ${value}`];
  });
  if (parts.length > 0) return parts.join(" / ").slice(0, 200);
  return (NAME_KEYS.map((key) => byKey.get(key)).find(Boolean) ?? "").slice(0, 200);
}

/** Why a file is refused, named for the 400. */
export class LayoutError extends Error {}

const isPosition = (value: unknown): value is Position =>
  Array.isArray(value) &&
  value.length >= 2 &&
  typeof value[0] === "number" &&
  typeof value[1] === "number" &&
  Math.abs(value[0]) <= 180 &&
  Math.abs(value[1]) <= 90;

/** A ring as stored: [longitude, latitude] pairs (any height dropped), closed. */
function readRing(value: unknown): Ring | null {
  if (!Array.isArray(value)) return null;
  if (!value.every(isPosition)) throw new LayoutError(siteLayoutMessages.position);
  const ring: Ring = value.map((point) => [point[0], point[1]]);
  if (ring.length < 3) return null;
  const [first, last] = [ring[0]!, ring.at(-1)!];
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push([first[0], first[1]]);
  return ring.length >= 4 ? ring : null;
}

function readPolygon(value: unknown): Ring[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const rings = value.map(readRing);
  if (!rings[0]) return null;
  return rings.filter((ring): ring is Ring => ring !== null);
}

/** A Polygon or MultiPolygon, read; null for any other geometry (points and lines are not a layout's). */
export function readLayoutGeometry(geometry: unknown): LayoutGeometry | null {
  if (!geometry || typeof geometry !== "object") return null;
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  if (type === "Polygon") {
    const polygon = readPolygon(coordinates);
    return polygon ? { type, coordinates: polygon } : null;
  }
  if (type === "MultiPolygon" && Array.isArray(coordinates)) {
    const polygons = coordinates.map(readPolygon).filter((polygon): polygon is Ring[] => polygon !== null);
    return polygons.length > 0 ? { type, coordinates: polygons } : null;
  }
  return null;
}

/** The layout's features from parsed GeoJSON: a FeatureCollection, one Feature, or a bare polygon. */
export function featuresFromGeoJson(json: unknown): LayoutFeature[] {
  if (!json || typeof json !== "object" || typeof (json as { type?: unknown }).type !== "string") throw new LayoutError(siteLayoutMessages.format);
  const root = json as { type: string; features?: unknown; properties?: unknown; geometry?: unknown };
  const sources: { properties: unknown; geometry: unknown }[] =
    root.type === "FeatureCollection"
      ? Array.isArray(root.features)
        ? (root.features as { properties?: unknown; geometry?: unknown }[]).map((feature) => ({ properties: feature?.properties, geometry: feature?.geometry }))
        : []
      : root.type === "Feature"
        ? [{ properties: root.properties, geometry: root.geometry }]
        : [{ properties: {}, geometry: root }];
  if (root.type === "FeatureCollection" && !Array.isArray(root.features)) throw new LayoutError(siteLayoutMessages.format);
  return checkedFeatures(
    sources.flatMap(({ properties, geometry }) => {
      const read = readLayoutGeometry(geometry);
      const props = properties && typeof properties === "object" ? (properties as Record<string, unknown>) : {};
      return read ? [{ type: "Feature" as const, properties: { locator: locatorOf(props) }, geometry: read }] : [];
    }),
  );
}

/** Refuses a layout with no polygons, or too many. */
export function checkedFeatures(features: LayoutFeature[]): LayoutFeature[] {
  if (features.length === 0) throw new LayoutError(siteLayoutMessages.noPolygons);
  if (features.length > LAYOUT_MAX_FEATURES) throw new LayoutError(siteLayoutMessages.tooMany);
  return features;
}

const outerRings = (geometry: LayoutGeometry): Ring[] =>
  geometry.type === "Polygon" ? [geometry.coordinates[0]!] : geometry.coordinates.map((polygon) => polygon[0]!);

/** WGS84 [west, south, east, north] of the features. */
export type Bbox = [number, number, number, number];

export function bboxOf(features: readonly { geometry: LayoutGeometry }[]): Bbox {
  const box: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const feature of features) {
    for (const ring of outerRings(feature.geometry)) {
      for (const [lon, lat] of ring) {
        box[0] = Math.min(box[0], lon);
        box[1] = Math.min(box[1], lat);
        box[2] = Math.max(box[2], lon);
        box[3] = Math.max(box[3], lat);
      }
    }
  }
  return box;
}

const KM_PER_DEGREE = 111.32;

/** How far (km) the layout's box reaches beyond the site's box at most; 0 when it lies within. Flat-earth over a few km is close enough. */
export function kmOutside(layout: Bbox, site: Bbox): number {
  const midLat = ((site[1] + site[3]) / 2) * (Math.PI / 180);
  const east = Math.max(0, site[0] - layout[0], layout[2] - site[2]) * KM_PER_DEGREE * Math.cos(midLat);
  const north = Math.max(0, site[1] - layout[1], layout[3] - site[3]) * KM_PER_DEGREE;
  return Math.max(east, north);
}

/** Even-odd ray casting: whether the point lies inside the ring. */
function inRing([lon, lat]: Position, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const inPolygon = (point: Position, rings: Ring[]): boolean => inRing(point, rings[0]!) && !rings.slice(1).some((hole) => inRing(point, hole));

function containsPoint(geometry: LayoutGeometry, point: Position): boolean {
  return geometry.type === "Polygon" ? inPolygon(point, geometry.coordinates) : geometry.coordinates.some((polygon) => inPolygon(point, polygon));
}

/** The centre of a polygon's outer ring by area (the mean of its corners when it has none). */
function ringCentroid(ring: readonly Position[]): Position {
  let area = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[i + 1]!;
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    x += (x0 + x1) * cross;
    y += (y0 + y1) * cross;
  }
  if (Math.abs(area) < 1e-18) {
    const corners = ring.slice(0, -1);
    return [corners.reduce((sum, p) => sum + p[0], 0) / corners.length, corners.reduce((sum, p) => sum + p[1], 0) / corners.length];
  }
  return [x / (3 * area), y / (3 * area)];
}

interface Locatable {
  lat: number;
  lon: number;
  polygon?: { coordinates: number[][][] } | null;
  locator: string;
}

/**
 * The one place a finding takes its locator from the layout: one with none, whose point (a
 * polygon finding's centroid) lies inside a feature with a locator, takes that feature's; a
 * locator someone gave is kept. The smallest feature wins where features nest (a string inside its table).
 */
export function locateFindings<Finding extends Locatable>(features: readonly LayoutFeature[], rows: Finding[]): Finding[] {
  const named = features.filter((feature) => feature.properties.locator);
  if (named.length === 0) return rows;
  const boxes = named.map((feature) => ({ feature, box: bboxOf([feature]) }));
  return rows.map((row) => {
    if (row.locator) return row;
    const point: Position = row.polygon ? ringCentroid(row.polygon.coordinates[0] as Position[]) : [row.lon, row.lat];
    const hits = boxes.filter(
      ({ feature, box }) => point[0] >= box[0] && point[0] <= box[2] && point[1] >= box[1] && point[1] <= box[3] && containsPoint(feature.geometry, point),
    );
    if (hits.length === 0) return row;
    const size = ({ box }: { box: Bbox }) => (box[2] - box[0]) * (box[3] - box[1]);
    const smallest = hits.reduce((best, hit) => (size(hit) < size(best) ? hit : best));
    return { ...row, locator: smallest.feature.properties.locator };
  });
}
