import { z } from "zod";
import { AIRCRAFT_STATUSES, CERTIFICATE_TYPES, RECORD_KINDS } from "../operator-records";
import { id, isoDate, listOf, successMessageOf, successOf } from "./wire";

// The operator's records as the back office and the pilot read them (common/operator-records.ts).

/** One change of a record: who, when, what. */
const recordEventSchema = z.object({
  at: isoDate,
  by: z.string().nullable(),
  note: z.string(),
  /** The scanned copy this change added (read by GET …/scanned-copy?version=), kept after it is replaced; null for any other change. */
  copyId: id.nullable(),
});
export type RecordEvent = z.input<typeof recordEventSchema>;

/** A certificate's or a policy's scanned copy on file: its newest (docs/decisions/0075-scanned-copies.md). */
export const scannedCopySchema = z.object({
  id,
  name: z.string(),
  /** application/pdf, image/jpeg or image/png, read from its bytes. */
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: isoDate,
});
export type ScannedCopy = z.input<typeof scannedCopySchema>;

export const certificateSchema = z.object({
  id,
  pilotId: id,
  type: z.enum(CERTIFICATE_TYPES),
  number: z.string(),
  issuedOn: z.string(),
  /** The last day it is current (Part 107: the recurrent training's due date). */
  expiresOn: z.string(),
  scannedCopy: scannedCopySchema.nullable(),
  history: z.array(recordEventSchema),
});
export type Certificate = z.input<typeof certificateSchema>;

export const aircraftSchema = z.object({
  id,
  make: z.string(),
  model: z.string(),
  serial: z.string(),
  registration: z.string(),
  registrationExpiresOn: z.string().nullable(),
  remoteIdSerial: z.string(),
  firmware: z.string(),
  payloads: z.array(z.object({ name: z.string(), serial: z.string() })),
  status: z.enum(AIRCRAFT_STATUSES),
  /** The hours it had when recorded, in tenths. */
  flightHoursTenths: z.number().int(),
  /** Those plus the recorded flights' durations, in tenths (docs/decisions/0072-flight-records.md). */
  totalHoursTenths: z.number().int(),
  /** The flight records that name it. */
  flightCount: z.number().int(),
  history: z.array(recordEventSchema),
});
export type Aircraft = z.input<typeof aircraftSchema>;

export const policySchema = z.object({
  id,
  insurer: z.string(),
  policyNumber: z.string(),
  startsOn: z.string(),
  expiresOn: z.string(),
  /** Cents of the business's currency. */
  perOccurrenceLimit: z.number().int(),
  aggregateLimit: z.number().int(),
  additionalInsured: z.array(z.object({ id, name: z.string() })),
  scannedCopy: scannedCopySchema.nullable(),
  history: z.array(recordEventSchema),
});
export type Policy = z.input<typeof policySchema>;

export const batterySchema = z.object({
  id,
  aircraftId: id,
  serial: z.string(),
  cyclesBefore: z.number().int(),
  /** cyclesBefore plus one per flight record naming it. */
  cycles: z.number().int(),
  healthPercent: z.number().int().nullable(),
  status: z.enum(AIRCRAFT_STATUSES),
  history: z.array(recordEventSchema),
});
export type Battery = z.input<typeof batterySchema>;

export const maintenanceSchema = z.object({
  id,
  aircraftId: id,
  doneOn: z.string(),
  work: z.string(),
  doneBy: z.string(),
  hoursTenthsAt: z.number().int().nullable(),
  cyclesAt: z.number().int().nullable(),
  nextDueOn: z.string().nullable(),
  nextDueHoursTenths: z.number().int().nullable(),
  nextDueCycles: z.number().int().nullable(),
  history: z.array(recordEventSchema),
});
export type MaintenanceEntry = z.input<typeof maintenanceSchema>;

export const batteryListSchema = listOf(batterySchema);
export const batteryAnswerSchema = successMessageOf(batterySchema);
export const maintenanceListSchema = listOf(maintenanceSchema);
export const maintenanceAnswerSchema = successMessageOf(maintenanceSchema);

/** GET /api/admin/pilots/{userId}/certificates: newest expiry first. */
export const certificateListSchema = listOf(certificateSchema);
export const certificateAnswerSchema = successMessageOf(certificateSchema);
/** GET /api/admin/aircraft. */
export const aircraftListSchema = listOf(aircraftSchema);
export const aircraftAnswerSchema = successMessageOf(aircraftSchema);
/** GET /api/admin/insurance. */
export const policyListSchema = listOf(policySchema);
export const policyAnswerSchema = successMessageOf(policySchema);

/** A record that lapses within EXPIRY_WARNING_DAYS (or has lapsed, or a pilot with none recorded). */
const complianceWarningSchema = z.object({ kind: z.enum([...RECORD_KINDS, "pilot"]), recordId: id, message: z.string(), on: z.string().nullable() });
export type ComplianceWarning = z.input<typeof complianceWarningSchema>;

/** GET /api/admin/compliance/warnings[?jobId=]: the whole business's, or those of one job's pilot, aircraft and policy. */
export const complianceWarningsSchema = successOf(z.array(complianceWarningSchema));
