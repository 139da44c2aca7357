import { check, doublePrecision, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { CLOUD_UNITS, INSPECTION_REPORT_STATUSES } from "../../../common/inspection-report";
import { users } from "./accounts";
import { createdAt, id, oneOf, updatedAt } from "./columns";
import { jobs } from "./jobs";
import { reports } from "./media";

// An inspection's conditions and its generated reports.

/**
 * The conditions of a job's inspection flight, as IEC TS 62446-3 asks a thermographic
 * report to state them: irradiance (W/m²), ambient temperature (°C), wind (m/s), cloud cover (oktas
 * or %), and the aircraft and camera flown. One row per job; each value null until recorded.
 */
export const inspectionConditions = pgTable(
  "inspection_conditions",
  {
    jobId: integer("job_id")
      .primaryKey()
      .references(() => jobs.id, { onDelete: "cascade" }),
    irradiance: doublePrecision("irradiance"),
    ambientTemp: doublePrecision("ambient_temp"),
    windSpeed: doublePrecision("wind_speed"),
    cloudCover: doublePrecision("cloud_cover"),
    cloudUnit: text("cloud_unit", { enum: CLOUD_UNITS }).notNull().default("oktas"),
    aircraft: text("aircraft").notNull().default(""),
    camera: text("camera").notNull().default(""),
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (table) => [check("inspection_conditions_cloud_unit_check", oneOf(table.cloudUnit, CLOUD_UNITS))],
);

/**
 * One version of a job's generated inspection report (docs/decisions/0032-inspection-report.md):
 * queued, generating, then published as a row of `reports` (the customer's Reports tab), or failed.
 * A new version is queued when the findings change after one was published; the earlier ones are
 * kept.
 */
export const inspectionReports = pgTable(
  "inspection_reports",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    status: text("status", { enum: INSPECTION_REPORT_STATUSES }).notNull().default("queued"),
    /** What the report lacks (the inspection conditions not recorded), printed in it as well. */
    warnings: jsonb("warnings").$type<string[]>().notNull().default([]),
    error: text("error").notNull().default(""),
    /** The published PDF; none until then (or once an admin deleted it). */
    reportId: integer("report_id").references(() => reports.id, { onDelete: "set null" }),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    /** How many findings it shows, once generated. */
    findingCount: integer("finding_count"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("inspection_reports_job_version_idx").on(table.jobId, table.version),
    check("inspection_reports_status_check", oneOf(table.status, INSPECTION_REPORT_STATUSES)),
  ],
);
