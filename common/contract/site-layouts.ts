import { z } from "zod";
import { successMessageOf, successMessageSchema, successOf } from "./wire";

// A job's site layout (docs/decisions/0071-site-layouts.md) as GeoJSON: each feature a polygon with its locator.

const position = z.tuple([z.number(), z.number()]);
const polygon = z.array(z.array(position));

const layoutFeatureSchema = z.object({
  type: z.literal("Feature"),
  properties: z.object({ locator: z.string() }),
  geometry: z.discriminatedUnion("type", [
    z.object({ type: z.literal("Polygon"), coordinates: polygon }),
    z.object({ type: z.literal("MultiPolygon"), coordinates: z.array(polygon) }),
  ]),
});

/** A FeatureCollection; `name` is the file it was imported from ("" and no features when the job has none). */
const siteLayoutSchema = z.object({ type: z.literal("FeatureCollection"), name: z.string(), features: z.array(layoutFeatureSchema) });

/** GET /api/jobs/:id/site-layout. */
export const siteLayoutAnswerSchema = successOf(siteLayoutSchema);

/** POST /api/admin/jobs/:id/site-layout. */
export const siteLayoutImportedSchema = successMessageOf(siteLayoutSchema);

/** DELETE /api/admin/jobs/:id/site-layout. */
export const siteLayoutDeletedSchema = successMessageSchema;
