import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { JOB_STATUSES } from "../../../common/job-status";
import { QUOTE_STATUSES } from "../../../common/quote-statuses";
import type { ChecklistKind, ChecklistSource } from "../../../common/preflight-words";
import type { SiteBoundary } from "../../../common/site-boundary";
import { ownerId, users } from "./accounts";
import { services } from "./catalogue";
import { createdAt, id, oneOf, updatedAt } from "./columns";
import { contactSubmissions } from "./contact";
import { aircraft } from "./operator-records";

// Quote requests and the jobs they open: the timeline and the thread.

/** A customer's quote request; its text also lives in contact_submissions (docs/product.md §3). */
export const quotes = pgTable(
  "quotes",
  {
    id: id(),
    userId: ownerId(),
    contactSubmissionId: integer("contact_submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    serviceType: text("service_type").notNull(),
    description: text("description").notNull(),
    budget: text("budget").notNull().default(""),
    timeline: text("timeline").notNull().default(""),
    status: text("status", { enum: QUOTE_STATUSES }).notNull().default("pending"),
    /** Set by an admin when accepting; in cents. */
    price: integer("price"),
    /** Why an admin declined it, shown to the customer; none when not declined or no reason given. */
    declineReason: text("decline_reason"),
    /** When the admins were reminded of it, still pending after two working days (once). */
    adminRemindedAt: timestamp("admin_reminded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("quotes_user_id_idx").on(table.userId), check("quotes_status_check", oneOf(table.status, QUOTE_STATUSES))],
);

/**
 * The flight as recorded when a job is marked flown (docs/decisions/0072-flight-records.md). Records
 * written before the aircraft was named by id lack the optional fields: read them as null (or none).
 */
export interface FlightRecord {
  flownOn: string;
  /** Minutes, to a tenth. */
  durationMinutes: number | null;
  pilotId: number | null;
  /** The aircraft of the fleet flown; its hours and maintenance counters follow from these records. */
  aircraftId?: number | null;
  /** The batteries flown: each record counts one cycle of each. */
  batteryIds?: number[];
  takeOffAt?: string | null;
  landedAt?: string | null;
  maxHeightMetres?: number | null;
  latitude?: number | null;
  longitude?: number | null;
  /** The flight log imported for it (AirData CSV): its file name and how many rows it had. */
  log?: { fileName: string; rows: number; importedAt: string } | null;
  /** Free text: the only name of the aircraft in records written before aircraftId. */
  aircraft: string;
  wind: string;
  temperature: string;
  cloud: string;
  irradiance: string;
}

/** One answer of a job's pre-flight checklist, with the item's words as they were when it was answered. */
export interface PreflightAnswerRecord {
  itemId: number;
  label: string;
  kind: ChecklistKind;
  needsValue: boolean;
  source: ChecklistSource | null;
  checked: boolean;
  value: string;
  checkedBy: number | null;
  /** The ticker's name as it read then: the kept checklist does not change with the account. */
  checkedByName: string | null;
  checkedAt: string | null;
}

/**
 * A job's pre-flight checklist (docs/decisions/0074-preflight-checklist.md): the answers so far, and
 * once the flight is recorded (`keptAt`) every applicable item as it stood then, irradiance included.
 */
export interface PreflightRecord {
  answers: PreflightAnswerRecord[];
  keptAt: string | null;
}

/** A mission flown for one customer at one site (docs/product.md §10), from request to delivery. */
export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    userId: ownerId(),
    /** The catalogue service flown; none for a quote request, which names its service in words. */
    serviceId: integer("service_id").references(() => services.id),
    /** The quote request that opened it; none when an admin opened it directly. */
    quoteId: integer("quote_id")
      .unique()
      .references(() => quotes.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    /** Empty until known: a quote request names no site. */
    siteName: text("site_name").notNull().default(""),
    siteAddress: text("site_address").notNull().default(""),
    siteLatitude: doublePrecision("site_latitude"),
    siteLongitude: doublePrecision("site_longitude"),
    /** The site as the customer drew it (GeoJSON Polygon, WGS84); its area is computed from it (common/site-boundary.ts). */
    siteBoundary: jsonb("site_boundary").$type<SiteBoundary>(),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("requested"),
    scheduledStart: timestamp("scheduled_start", { withTimezone: true }),
    scheduledEnd: timestamp("scheduled_end", { withTimezone: true }),
    /** The IANA zone the window is shown in (the site's). */
    timeZone: text("time_zone").notNull().default("UTC"),
    pilotId: integer("pilot_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    /** The aircraft chosen when scheduling, checked then (docs/decisions/0068-operator-records.md); the flight record keeps its own words. */
    aircraftId: integer("aircraft_id").references((): AnyPgColumn => aircraft.id, { onDelete: "restrict" }),
    flight: jsonb("flight").$type<FlightRecord>(),
    /** The pre-flight checklist's answers, kept with the flight once it is recorded. */
    preflight: jsonb("preflight").$type<PreflightRecord>(),
    cancelReason: text("cancel_reason"),
    /** The flight start the day-before reminder went out for; a new window earns a new reminder. */
    remindedFor: timestamp("reminded_for", { withTimezone: true }),
    /** When it was marked delivered: its held deliverables were published then. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("jobs_user_id_idx").on(table.userId),
    index("jobs_pilot_id_idx").on(table.pilotId),
    index("jobs_status_idx").on(table.status),
    check("jobs_status_check", oneOf(table.status, JOB_STATUSES)),
    check("jobs_window_check", sql`${table.scheduledEnd} is null or ${table.scheduledStart} is null or ${table.scheduledEnd} > ${table.scheduledStart}`),
  ],
);

/** Every change of a job, appended and never edited or deleted (the timeline). */
export const jobEvents = pgTable(
  "job_events",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    fromStatus: text("from_status", { enum: JOB_STATUSES }),
    toStatus: text("to_status", { enum: JOB_STATUSES }).notNull(),
    /** Who made the change; none when the system did (a quote request) or the account is gone. */
    byUserId: integer("by_user_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    /** A reschedule keeps the window it replaced. */
    previousStart: timestamp("previous_start", { withTimezone: true }),
    previousEnd: timestamp("previous_end", { withTimezone: true }),
  },
  (table) => [index("job_events_job_id_idx").on(table.jobId, table.id)],
);

/** The thread between a job's customer and the business. */
export const jobMessages = pgTable(
  "job_messages",
  {
    id: id(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("job_messages_job_id_idx").on(table.jobId, table.id)],
);

export type Job = typeof jobs.$inferSelect;
