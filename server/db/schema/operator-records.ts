import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { AIRCRAFT_STATUSES, CERTIFICATE_TYPES, MAX_LIMIT_CENTS, RECORD_KINDS, SCANNED_KINDS } from "../../../common/operator-records";
import { CHECKLIST_KINDS, CHECKLIST_SOURCES } from "../../../common/preflight-words";
import { createdBy, users } from "./accounts";
import { createdAt, id, notNegative, oneOf, updatedAt } from "./columns";

// The operator's records (docs/decisions/0068-operator-records.md): certificates, aircraft,
// insurance. None is ever deleted (no call deletes one), so a flight keeps what it referred to.

/** A remote-pilot certificate of a pilot (or an admin who flies). A renewal is a new row; the old one stays as history. */
export const pilotCertificates = pgTable(
  "pilot_certificates",
  {
    id: id(),
    pilotId: integer("pilot_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    type: text("type", { enum: CERTIFICATE_TYPES }).notNull(),
    number: text("number").notNull(),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    /** The last day it is current; for Part 107 the recurrent training's due date. */
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("pilot_certificates_pilot_id_idx").on(table.pilotId),
    check("pilot_certificates_type_check", oneOf(table.type, CERTIFICATE_TYPES)),
    check("pilot_certificates_dates_check", sql`${table.expiresOn} >= ${table.issuedOn}`),
  ],
);

/** A payload carried by an aircraft (a thermal camera, a LiDAR unit), with its own serial. */
export interface AircraftPayload {
  name: string;
  serial: string;
}

export const aircraft = pgTable(
  "aircraft",
  {
    id: id(),
    make: text("make").notNull(),
    model: text("model").notNull(),
    serial: text("serial").notNull(),
    /** Empty: not registered. */
    registration: text("registration").notNull().default(""),
    registrationExpiresOn: date("registration_expires_on", { mode: "string" }),
    remoteIdSerial: text("remote_id_serial").notNull().default(""),
    firmware: text("firmware").notNull().default(""),
    payloads: jsonb("payloads").$type<AircraftPayload[]>().notNull().default([]),
    status: text("status", { enum: AIRCRAFT_STATUSES }).notNull().default("in-service"),
    /** Hours flown in tenths of an hour. */
    flightHoursTenths: integer("flight_hours_tenths").notNull().default(0),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check("aircraft_status_check", oneOf(table.status, AIRCRAFT_STATUSES)), check("aircraft_hours_check", notNegative(table.flightHoursTenths))],
);

/** The business's liability insurance; limits in cents of the business's currency. */
export const insurancePolicies = pgTable(
  "insurance_policies",
  {
    id: id(),
    insurer: text("insurer").notNull(),
    policyNumber: text("policy_number").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    perOccurrenceLimit: integer("per_occurrence_limit").notNull(),
    aggregateLimit: integer("aggregate_limit").notNull(),
    /** The customers (user ids) the policy names as additional insured. */
    additionalInsured: jsonb("additional_insured").$type<number[]>().notNull().default([]),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("insurance_policies_dates_check", sql`${table.expiresOn} >= ${table.startsOn}`),
    check(
      "insurance_policies_limits_check",
      sql`${table.perOccurrenceLimit} between 0 and ${sql.raw(String(MAX_LIMIT_CENTS))} and ${table.aggregateLimit} between ${table.perOccurrenceLimit} and ${sql.raw(String(MAX_LIMIT_CENTS))}`,
    ),
  ],
);

/**
 * A scanned copy of a certificate or a policy (docs/decisions/0075-scanned-copies.md): the record's
 * copy is its newest; a replaced one stays, named by the history event that added it.
 */
export const scannedCopies = pgTable(
  "scanned_copies",
  {
    id: id(),
    kind: text("kind", { enum: SCANNED_KINDS }).notNull(),
    recordId: integer("record_id").notNull(),
    originalName: text("original_name").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    /** Read from its bytes: application/pdf, image/jpeg or image/png. */
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (table) => [
    index("scanned_copies_record_idx").on(table.kind, table.recordId, table.id),
    check("scanned_copies_kind_check", oneOf(table.kind, SCANNED_KINDS)),
  ],
);

/** Every change of a record, appended and never edited: who, when, what. */
export const recordEvents = pgTable(
  "record_events",
  {
    id: id(),
    kind: text("kind", { enum: RECORD_KINDS }).notNull(),
    recordId: integer("record_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    byUserId: integer("by_user_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note").notNull(),
    /** The scanned copy this change added, kept so a replaced copy can still be read. */
    copyId: integer("copy_id").references(() => scannedCopies.id, { onDelete: "restrict" }),
  },
  (table) => [index("record_events_record_idx").on(table.kind, table.recordId, table.id), check("record_events_kind_check", oneOf(table.kind, RECORD_KINDS))],
);

/**
 * A flight battery of an aircraft (docs/decisions/0072-flight-records.md). Its cycles are those it
 * had when recorded plus one per flight record naming it, computed, never stored twice.
 */
export const batteries = pgTable(
  "batteries",
  {
    id: id(),
    aircraftId: integer("aircraft_id")
      .notNull()
      .references(() => aircraft.id, { onDelete: "restrict" }),
    serial: text("serial").notNull(),
    /** The charge cycles it had when recorded, before the flights the product records. */
    cyclesBefore: integer("cycles_before").notNull().default(0),
    /** Its health as the aircraft's app reports it, in percent; null: not read. */
    healthPercent: integer("health_percent"),
    status: text("status", { enum: AIRCRAFT_STATUSES }).notNull().default("in-service"),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("batteries_aircraft_id_idx").on(table.aircraftId),
    check("batteries_cycles_check", notNegative(table.cyclesBefore)),
    check("batteries_health_check", sql`${table.healthPercent} is null or ${table.healthPercent} between 0 and 100`),
    check("batteries_status_check", oneOf(table.status, AIRCRAFT_STATUSES)),
  ],
);

/**
 * A maintenance entry of an aircraft: what was done, when, by whom, the counters then, and when the
 * next is due (by date, hours or flights). The newest entry's next due is the aircraft's limit.
 */
export const maintenanceEntries = pgTable(
  "maintenance_entries",
  {
    id: id(),
    aircraftId: integer("aircraft_id")
      .notNull()
      .references(() => aircraft.id, { onDelete: "restrict" }),
    doneOn: date("done_on", { mode: "string" }).notNull(),
    work: text("work").notNull(),
    doneBy: text("done_by").notNull(),
    /** The aircraft's hours (tenths) and flights when it was done, as read then. */
    hoursTenthsAt: integer("hours_tenths_at"),
    cyclesAt: integer("cycles_at"),
    nextDueOn: date("next_due_on", { mode: "string" }),
    nextDueHoursTenths: integer("next_due_hours_tenths"),
    nextDueCycles: integer("next_due_cycles"),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("maintenance_entries_aircraft_id_idx").on(table.aircraftId, table.doneOn),
    check(
      "maintenance_entries_counts_check",
      sql`coalesce(${table.hoursTenthsAt}, 0) >= 0 and coalesce(${table.cyclesAt}, 0) >= 0 and coalesce(${table.nextDueHoursTenths}, 0) >= 0 and coalesce(${table.nextDueCycles}, 0) >= 0`,
    ),
  ],
);

/**
 * An item of the business's pre-flight checklist (docs/decisions/0074-preflight-checklist.md), in
 * `position` order. Migration 0032 seeds the defaults; a job's answers keep the label they were
 * ticked under, so a change here never rewrites a kept checklist.
 */
export const checklistItems = pgTable(
  "checklist_items",
  {
    id: id(),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    kind: text("kind", { enum: CHECKLIST_KINDS }).notNull(),
    needsValue: boolean("needs_value").notNull().default(false),
    thermalOnly: boolean("thermal_only").notNull().default(false),
    /** Where its value lives instead of the answer: `irradiance` is the job's inspection conditions'. */
    source: text("source", { enum: CHECKLIST_SOURCES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("checklist_items_kind_check", oneOf(table.kind, CHECKLIST_KINDS)),
    check("checklist_items_source_check", sql`${table.source} is null or ${oneOf(table.source, CHECKLIST_SOURCES)}`),
    check("checklist_items_label_check", sql`length(btrim(${table.label})) > 0`),
  ],
);
