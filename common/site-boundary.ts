import { z } from "zod";
import { SITE_MAX_AREA_M2 } from "./site-area";
import { siteArea } from "./site-area-of";

const MAX_VERTICES = 1_000;

export const siteBoundaryMessages = {
  shape: 'The site boundary must be a GeoJSON Polygon: { "type": "Polygon", "coordinates": [[[longitude, latitude], …]] }',
  position: "Each corner is [longitude, latitude]: longitude from -180 to 180, latitude from -90 to 90",
  ring: "The boundary needs at least 3 corners, and its last point must repeat its first",
  vertices: `The boundary may have at most ${MAX_VERTICES} corners`,
  crossing: "The boundary crosses itself: draw its edges so that none crosses another",
  empty: "The boundary encloses no area",
  tooLarge: "The boundary is larger than 1,000 km²: draw the site itself",
} as const;

const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)], { message: siteBoundaryMessages.position });

const ring = z
  .array(position, { message: siteBoundaryMessages.shape })
  .min(4, siteBoundaryMessages.ring)
  .max(MAX_VERTICES + 1, siteBoundaryMessages.vertices)
  .refine((points) => points.length < 4 || (points[0]![0] === points.at(-1)![0] && points[0]![1] === points.at(-1)![1]), siteBoundaryMessages.ring);

type Position = [number, number];

function segmentsCross(a: Position, b: Position, c: Position, d: Position): boolean {
  const orient = (p: Position, q: Position, r: Position) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  return o1 !== o2 && o3 !== o4 && o1 !== 0 && o2 !== 0 && o3 !== 0 && o4 !== 0;
}

/** Whether two edges of the ring that share no corner cross (a bow tie has no honest area). */
function selfCrossing(points: readonly Position[]): boolean {
  const edges = points.length - 1;
  for (let i = 0; i < edges; i++) {
    for (let j = i + 2; j < edges; j++) {
      if (i === 0 && j === edges - 1) continue;
      if (segmentsCross(points[i]!, points[i + 1]!, points[j]!, points[j + 1]!)) return true;
    }
  }
  return false;
}

/** The customer's site as drawn on the map: one outer ring (WGS84), stored as GeoJSON on the job. */
export const siteBoundarySchema = z
  .object({
    type: z.literal("Polygon", { message: siteBoundaryMessages.shape }),
    coordinates: z.array(ring, { message: siteBoundaryMessages.shape }).length(1, siteBoundaryMessages.shape),
  })
  .superRefine((polygon, context) => {
    const outer = polygon.coordinates[0] as Position[];
    if (selfCrossing(outer)) return context.addIssue({ code: "custom", path: ["coordinates"], message: siteBoundaryMessages.crossing });
    const { areaM2 } = siteArea(polygon);
    if (areaM2 < 1) context.addIssue({ code: "custom", path: ["coordinates"], message: siteBoundaryMessages.empty });
    else if (areaM2 > SITE_MAX_AREA_M2) context.addIssue({ code: "custom", path: ["coordinates"], message: siteBoundaryMessages.tooLarge });
  });
export type SiteBoundary = z.output<typeof siteBoundarySchema>;
