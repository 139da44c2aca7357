import { z } from "zod";
import { AIRCRAFT_STATUSES, CERTIFICATE_TYPES, RECORD_KINDS } from "../operator-records";
import { id, isoDate, listOf, successMessageOf, successOf } from "./wire";

// The operator's records as the back office and the pilot read them (common/operator-records.ts).

/** One change of a record: who, when, what. */
const recordEventSchema = z.object({ at: isoDate, by: z.string().nullable(), note: z.string() });
export type RecordEvent = z.input<typeof recordEventSchema>;

export const certificateSchema = z.object({
  id,
  pilotId: id,
  type: z.enum(CERTIFICATE_TYPES),
  number: z.string(),
  issuedOn: z.string(),
  /** The last day it is current (Part 107: the recurrent training's due date). */
  expiresOn: z.string(),
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
  flightHoursTenths: z.number().int(),
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
  history: z.array(recordEventSchema),
});
export type Policy = z.input<typeof policySchema>;

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
