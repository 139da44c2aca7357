import { z } from "zod";
import { MAP_LAYER_KINDS, MAP_LAYER_STATUSES } from "../map-layer-kinds";
import { id, isoDate, listOf, successMessageSchema, successOf } from "./wire";

/** One band's statistics, computed when the layer was processed: what colour ramps and legends start from. */
const bandStatsSchema = z.object({
  /** The band's name: red, nir… for multispectral; "elevation", "temperature", "red"/"green"/"blue"/"alpha" for the others. */
  name: z.string(),
  min: z.number(),
  max: z.number(),
  mean: z.number(),
  stdDev: z.number(),
});
export type BandStats = z.input<typeof bandStatsSchema>;

/** WGS84 `[west, south, east, north]`. */
const boundsSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type LayerBounds = z.input<typeof boundsSchema>;

/**
 * A raster deliverable on the job's map. The files by their URLs (served with the same
 * ownership check as every file, and Range), never where they are stored.
 */
export const mapLayerSchema = z.object({
  id,
  jobId: id,
  kind: z.enum(MAP_LAYER_KINDS),
  title: z.string(),
  status: z.enum(MAP_LAYER_STATUSES),
  /** 0–100 while processing; 100 when ready. */
  progress: z.number().int().min(0).max(100),
  /** Why processing failed; null otherwise. */
  error: z.string().nullable(),
  /** The band names in file order (multispectral: as the admin named them; others: by kind). */
  bands: z.array(z.string()),
  capturedAt: isoDate.nullable(),
  bounds: boundsSchema.nullable(),
  /** Ground resolution in cm per pixel, at the layer's centre. */
  resolution: z.number().nullable(),
  stats: z.array(bandStatsSchema).nullable(),
  /** The processed Cloud Optimized GeoTIFF (EPSG:3857), read by HTTP Range; null until ready. */
  cogUrl: z.string().nullable(),
  originalUrl: z.string(),
  originalName: z.string(),
  /** Bytes of the original file. */
  originalSize: z.number().int(),
  createdAt: isoDate,
});
export type MapLayer = z.input<typeof mapLayerSchema>;

/** GET /api/jobs/:id/layers. */
export const mapLayerListSchema = listOf(mapLayerSchema);

/** POST /api/admin/jobs/:id/layers (status "queued"). */
export const mapLayerCreatedSchema = successOf(mapLayerSchema);

/** DELETE /api/admin/map-layers/:id. */
export const mapLayerDeletedSchema = successMessageSchema;

/** PUT /api/jobs/:id/site-boundary: the geodesic area of what was stored. */
export const siteAreaSchema = z.object({ areaM2: z.number(), acres: z.number(), hectares: z.number() });
