import { sql } from "drizzle-orm";
import { check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { DETECTION_STATUSES } from "../../../common/finding-detection";
import { FINDING_CLASSES, FINDING_SEVERITIES, FINDING_STATUSES } from "../../../common/findings";
import type { SiteBoundary } from "../../../common/site-boundary";
import { users } from "./accounts";
import { createdAt, id, oneOf, updatedAt } from "./columns";
import { jobs } from "./jobs";
import { mapLayers } from "./map-layers";

// Findings, their history, and the hot-spot detection runs.

/**
 * A fault found on a job (docs/decisions/0030-findings.md): its class, severity and place, what was
 * measured, the job's media that show it, and where it stands in its repair life cycle.
 */
export const findings = pgTable(
  "findings",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    class: text("class", { enum: FINDING_CLASSES }).notNull(),
    severity: text("severity", { enum: FINDING_SEVERITIES }).notNull(),
    /** An admin's reason for a severity other than the one ΔT gives; empty otherwise. */
    severityReason: text("severity_reason").notNull().default(""),
    status: text("status", { enum: FINDING_STATUSES }).notNull().default("open"),
    dismissReason: text("dismiss_reason").notNull().default(""),
    lat: doublePrecision("lat").notNull(),
    lon: doublePrecision("lon").notNull(),
    /** An agriculture finding's area (GeoJSON Polygon, WGS84). */
    polygon: jsonb("polygon").$type<SiteBoundary>(),
    locator: text("locator").notNull().default(""),
    maxTemp: doublePrecision("max_temp"),
    refTemp: doublePrecision("ref_temp"),
    deltaT: doublePrecision("delta_t"),
    indexValue: doublePrecision("index_value"),
    /** kW. */
    powerLoss: doublePrecision("power_loss"),
    /** Ids of the job's media showing it; checked on every write, and read through the job's media so a deleted one drops out. */
    mediaIds: jsonb("media_ids").$type<number[]>().notNull().default([]),
    note: text("note").notNull().default(""),
    /** The thermal layer whose detection proposed it (docs/decisions/0033-hot-spot-detection.md); null for findings entered or imported. */
    layerId: integer("layer_id").references(() => mapLayers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("findings_job_id_idx").on(table.jobId, table.id),
    index("findings_layer_id_idx").on(table.layerId),
    check("findings_class_check", oneOf(table.class, FINDING_CLASSES)),
    check("findings_severity_check", oneOf(table.severity, FINDING_SEVERITIES)),
    check("findings_status_check", oneOf(table.status, FINDING_STATUSES)),
    check("findings_position_check", sql`${table.lat} between -90 and 90 and ${table.lon} between -180 and 180`),
  ],
);

/** Every change of a finding, appended and never edited or deleted: who, when, the move, the fields, the note. */
export const findingEvents = pgTable(
  "finding_events",
  {
    id: id(),
    findingId: integer("finding_id")
      .notNull()
      .references(() => findings.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    byUserId: integer("by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** None when the finding was created. */
    fromStatus: text("from_status", { enum: FINDING_STATUSES }),
    toStatus: text("to_status", { enum: FINDING_STATUSES }).notNull(),
    fields: jsonb("fields").$type<string[]>().notNull().default([]),
    note: text("note").notNull().default(""),
  },
  (table) => [index("finding_events_finding_id_idx").on(table.findingId, table.id)],
);

/**
 * A thermal layer's hot-spot detection (docs/decisions/0033-hot-spot-detection.md), one row per
 * layer: its last run's state, how many candidates it proposed, or why it failed. Asking again
 * resets it to queued.
 */
export const findingDetections = pgTable(
  "finding_detections",
  {
    layerId: integer("layer_id")
      .primaryKey()
      .references(() => mapLayers.id, { onDelete: "cascade" }),
    status: text("status", { enum: DETECTION_STATUSES }).notNull().default("queued"),
    candidates: integer("candidates"),
    error: text("error"),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (table) => [check("finding_detections_status_check", oneOf(table.status, DETECTION_STATUSES))],
);
