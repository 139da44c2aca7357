import { sql } from "drizzle-orm";
import { bigint, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { BandStats, LayerBounds } from "../../../common/contract/map-layers";
import { MAP_LAYER_KINDS, MAP_LAYER_STATUSES } from "../../../common/map-layer-kinds";
import type { Bbox, LayoutFeature } from "../../../common/site-layout";
import { ownerId, users } from "./accounts";
import { createdAt, id, oneOf, updatedAt } from "./columns";
import { jobs } from "./jobs";

// A job's map layers (GeoTIFFs made into Cloud Optimized GeoTIFFs).

/**
 * A raster deliverable of a job shown on its map (docs/decisions/0027-map-layers.md): the original
 * GeoTIFF as uploaded and, once the queue has processed it, a Cloud Optimized GeoTIFF in Web
 * Mercator with its statistics.
 */
export const mapLayers = pgTable(
  "map_layers",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: MAP_LAYER_KINDS }).notNull(),
    title: text("title").notNull(),
    capturedAt: timestamp("captured_at", { withTimezone: true }),
    /** Band names in file order (multispectral: as the admin named them). */
    bands: jsonb("bands").$type<string[]>().notNull().default([]),
    status: text("status", { enum: MAP_LAYER_STATUSES }).notNull().default("queued"),
    progress: integer("progress").notNull().default(0),
    error: text("error"),
    originalKey: text("original_key").notNull(),
    originalName: text("original_name").notNull(),
    originalSize: bigint("original_size", { mode: "number" }).notNull(),
    /** The processed COG; the original's key when the upload already was one in EPSG:3857. */
    cogKey: text("cog_key"),
    /** WGS84 [west, south, east, north]. */
    bounds: jsonb("bounds").$type<LayerBounds>(),
    /** Ground resolution at the centre, cm per pixel. */
    resolutionCm: doublePrecision("resolution_cm"),
    stats: jsonb("stats").$type<BandStats[]>(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("map_layers_job_id_idx").on(table.jobId, table.id),
    check("map_layers_kind_check", oneOf(table.kind, MAP_LAYER_KINDS)),
    check("map_layers_status_check", oneOf(table.status, MAP_LAYER_STATUSES)),
    check("map_layers_progress_check", sql`${table.progress} between 0 and 100`),
  ],
);

/**
 * A site's layout (docs/decisions/0071-site-layouts.md): the polygons of its tables, rows, strings
 * or fields, each with its locator, imported onto one job and reused by the same customer's later
 * jobs whose site it overlaps. One per job; importing again replaces it.
 */
export const siteLayouts = pgTable(
  "site_layouts",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    /** The job's customer: their later jobs at the same site read it. */
    userId: ownerId(),
    /** The file it came from. */
    name: text("name").notNull(),
    features: jsonb("features").$type<LayoutFeature[]>().notNull(),
    /** WGS84 [west, south, east, north] of the features, to find the layout of a later job's site. */
    bbox: jsonb("bbox").$type<Bbox>().notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("site_layouts_job_id_idx").on(table.jobId), index("site_layouts_user_id_idx").on(table.userId, table.id)],
);
