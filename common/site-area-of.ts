// A boundary's geodesic area, apart from the boundary's zod schema (common/site-boundary.ts): the
// site map measures with it, and its code loads no zod.
import turfArea from "@turf/area";
import { ACRE_M2, type SiteArea } from "./site-area";

const HECTARE_M2 = 10_000;

/** The geodesic area of a boundary (@turf/area, on the WGS84 sphere), in m² (whole), acres and hectares (2 decimals). */
export function siteArea(polygon: { type: "Polygon"; coordinates: number[][][] }): SiteArea {
  const m2 = turfArea({ type: "Feature", properties: {}, geometry: polygon });
  return { areaM2: Math.round(m2), acres: Math.round((m2 / ACRE_M2) * 100) / 100, hectares: Math.round((m2 / HECTARE_M2) * 100) / 100 };
}
