import { z } from "zod";
import { oneLine } from "./one-line";
import { AIRCRAFT_STATUSES } from "./operator-record-words";
import { pathId } from "./contract/wire";
import { DEFAULT_MAX_FILE_MB } from "./uploads";
import { MAX_ID } from "./validation";

/**
 * The operator's records (docs/decisions/0068-operator-records.md): the pilots' certificates, the
 * aircraft and the insurance policies the law, the insurer and the clients ask for, each kept with
 * its history and never deleted, and checked when a job is scheduled (server/jobs/compliance.ts).
 */

export const CERTIFICATE_TYPES = ["faa-part-107", "easa-a2-cofc", "easa-a1-a3", "uk-flyer-id", "uk-operator-id", "other"] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];

export const CERTIFICATE_TYPE_LABELS: Record<CertificateType, string> = {
  "faa-part-107": "FAA Part 107",
  "easa-a2-cofc": "EASA A2 CofC",
  "easa-a1-a3": "EASA A1/A3",
  "uk-flyer-id": "UK Flyer ID",
  "uk-operator-id": "UK Operator ID",
  other: "Other",
};

/** For Part 107 the date that ends a certificate's currency is the recurrent training's due date. */
export const expiryLabel = (type: CertificateType): string => (type === "faa-part-107" ? "recurrent training due" : "expires");

// The screens' words for the records live in operator-record-words.ts, apart from the schemas: the
// back office's first screens show them and must not load zod (docs/architecture.md §5).
export { AIRCRAFT_STATUS_LABELS, AIRCRAFT_STATUSES, type AircraftStatus, EXPIRY_REMINDER_DAYS, EXPIRY_WARNING_DAYS } from "./operator-record-words";

/** The kinds of record whose changes the history (record_events) keeps. */
export const RECORD_KINDS = ["certificate", "aircraft", "insurance", "battery", "maintenance"] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/**
 * The records a scanned copy is kept for (docs/decisions/0075-scanned-copies.md): a pilot's
 * certificate and an insurance policy's document.
 */
export const SCANNED_KINDS = ["certificate", "insurance"] as const satisfies readonly RecordKind[];
export type ScannedKind = (typeof SCANNED_KINDS)[number];

/**
 * A scanned copy's files (docs/decisions/0075-scanned-copies.md): told by their bytes, up to the file
 * picker's default (DEFAULT_MAX_FILE_MB). Here rather than in uploads.ts, whose kinds ship with every page that uploads.
 */
export const SCANNED_COPY_FILES = { types: ["application/pdf", "image/jpeg", "image/png"], maxMb: DEFAULT_MAX_FILE_MB, label: "PDF, JPEG and PNG" } as const;

/**
 * An insurance limit in cents: up to $20,000,000 (a PostgreSQL integer holds 2,147,483,647 cents),
 * more than the estimates' own ceiling, since aggregate limits of several millions are common.
 */
export const MAX_LIMIT_CENTS = 2_000_000_000;

export const recordMessages = {
  type: `Type is one of ${CERTIFICATE_TYPES.join(", ")}`,
  number: "The number is 1 to 100 characters",
  date: (field: string) => `${field} is a date as YYYY-MM-DD`,
  expiresBeforeIssued: "The expiry (or recurrent training due date) is on or after the issue date",
  make: "The make is 1 to 100 characters",
  model: "The model is 1 to 100 characters",
  serial: "The serial is 1 to 100 characters",
  text100: (field: string) => `${field} is at most 100 characters`,
  status: `Status is one of ${AIRCRAFT_STATUSES.join(", ")}`,
  insurer: "The insurer is 1 to 100 characters",
  policyNumber: "The policy number is 1 to 100 characters",
  limit: `A limit is a whole number of cents from 0 to ${MAX_LIMIT_CENTS}`,
  aggregateBelow: "The aggregate limit is at least the limit per occurrence",
  customerIds: "Additional insured are customer ids",
  unknownCustomer: "No such customer",
  emptyChange: "Change at least one field",
  certificateNotFound: "Certificate not found",
  aircraftNotFound: "Aircraft not found",
  policyNotFound: "Insurance policy not found",
  pilotNotFound: "No such pilot",
  unknownAircraft: "No such aircraft",
  unknownBattery: "No such battery",
  flightHours: "Flight hours are a number from 0 to 100000, in tenths",
  count: (field: string) => `${field} is a whole number from 0 to 10000000`,
  health: "healthPercent is a whole number from 0 to 100",
  work: "Say what was done, 1 to 500 characters",
  doneBy: "Say who did it, 1 to 100 characters",
  batteryNotFound: "Battery not found",
  entryNotFound: "Maintenance entry not found",
  copyNotFound: "No scanned copy on file",
  /** A scanned copy that is not a PDF, JPEG or PNG by its bytes, or too large: refused under `file`. */
  copyType: "The scanned copy must be a PDF, JPEG or PNG file",
  copyTooLarge: (maxMb: number) => `The scanned copy must be at most ${maxMb} MB`,
} as const;

/** GET …/scanned-copy?version=: one of the record's copies, a replaced one too, by the id its history names; without it the newest. ?download=1 saves it. */
export const scannedCopyQuery = z.object({ version: pathId("version").optional(), download: z.string().optional() });

const day = (field: string) => z.iso.date({ message: recordMessages.date(field) });
const words = (label: string, message: string) => oneLine(label, message).min(1, message).max(100, message);
const optionalWords = (label: string) => oneLine(label, recordMessages.text100(label)).max(100, recordMessages.text100(label));
const limit = z.number({ message: recordMessages.limit }).int(recordMessages.limit).min(0, recordMessages.limit).max(MAX_LIMIT_CENTS, recordMessages.limit);
const customerId = z.number({ message: recordMessages.customerIds }).int(recordMessages.customerIds).positive(recordMessages.customerIds).max(MAX_ID);

/** An expiry before the issue: refused under expiresOn. */
const datesInOrder = (body: { issuedOn?: string | undefined; expiresOn?: string | undefined }, context: z.RefinementCtx) => {
  if (body.issuedOn && body.expiresOn && body.expiresOn < body.issuedOn)
    context.addIssue({ code: "custom", path: ["expiresOn"], message: recordMessages.expiresBeforeIssued });
};

const certificateFields = {
  type: z.enum(CERTIFICATE_TYPES, { message: recordMessages.type }),
  number: words("The number", recordMessages.number),
  issuedOn: day("issuedOn"),
  /** Part 107: the recurrent training's due date (the end of the 24th calendar month after the last). */
  expiresOn: day("expiresOn"),
};

/** POST /api/admin/pilots/{userId}/certificates. */
export const newCertificateSchema = z.object(certificateFields).superRefine(datesInOrder);
export type NewCertificate = z.input<typeof newCertificateSchema>;

/** PATCH /api/admin/pilots/{userId}/certificates/{id}: any of its fields (a renewal is a new certificate, the old one kept). */
export const certificateChangeSchema = z
  .object(certificateFields)
  .partial()
  .superRefine(datesInOrder)
  .refine((change) => Object.values(change).some((value) => value !== undefined), { message: recordMessages.emptyChange });
export type CertificateChange = z.input<typeof certificateChangeSchema>;

const payloadSchema = z.object({
  name: words("The payload", recordMessages.text100("The payload")),
  serial: optionalWords("The payload's serial").default(""),
});

const aircraftFields = {
  make: words("The make", recordMessages.make),
  model: words("The model", recordMessages.model),
  serial: words("The serial", recordMessages.serial),
  /** Empty: not registered, so never flown on a scheduled job. */
  registration: optionalWords("The registration"),
  registrationExpiresOn: day("registrationExpiresOn").nullable(),
  remoteIdSerial: optionalWords("The Remote ID serial"),
  firmware: optionalWords("The firmware"),
  payloads: z.array(payloadSchema).max(10, "At most 10 payloads"),
  status: z.enum(AIRCRAFT_STATUSES, { message: recordMessages.status }),
  /** Hours flown, in tenths of an hour (12.5 h is 125). */
  flightHoursTenths: z
    .number({ message: recordMessages.flightHours })
    .int(recordMessages.flightHours)
    .min(0, recordMessages.flightHours)
    .max(1_000_000, recordMessages.flightHours),
};

/** POST /api/admin/aircraft. */
export const newAircraftSchema = z.object({
  ...aircraftFields,
  registration: aircraftFields.registration.default(""),
  registrationExpiresOn: aircraftFields.registrationExpiresOn.default(null),
  remoteIdSerial: aircraftFields.remoteIdSerial.default(""),
  firmware: aircraftFields.firmware.default(""),
  payloads: aircraftFields.payloads.default([]),
  status: aircraftFields.status.default("in-service"),
  flightHoursTenths: aircraftFields.flightHoursTenths.default(0),
});
export type NewAircraft = z.input<typeof newAircraftSchema>;

/** PATCH /api/admin/aircraft/{id}: any of its fields; `status: grounded` keeps it off scheduled jobs. */
export const aircraftChangeSchema = z
  .object(aircraftFields)
  .partial()
  .refine((change) => Object.values(change).some((value) => value !== undefined), { message: recordMessages.emptyChange });
export type AircraftChange = z.input<typeof aircraftChangeSchema>;

const policyFields = {
  insurer: words("The insurer", recordMessages.insurer),
  policyNumber: words("The policy number", recordMessages.policyNumber),
  startsOn: day("startsOn"),
  expiresOn: day("expiresOn"),
  /** In cents of the business's currency. */
  perOccurrenceLimit: limit,
  aggregateLimit: limit,
  /** The customers named as additional insured. */
  additionalInsured: z.array(customerId).max(200, "At most 200 additional insured"),
};

const policyRules = (
  body: { startsOn?: string | undefined; expiresOn?: string | undefined; perOccurrenceLimit?: number | undefined; aggregateLimit?: number | undefined },
  context: z.RefinementCtx,
) => {
  datesInOrder({ issuedOn: body.startsOn, expiresOn: body.expiresOn }, context);
  if (body.perOccurrenceLimit !== undefined && body.aggregateLimit !== undefined && body.aggregateLimit < body.perOccurrenceLimit)
    context.addIssue({ code: "custom", path: ["aggregateLimit"], message: recordMessages.aggregateBelow });
};

/** POST /api/admin/insurance. */
export const newPolicySchema = z.object({ ...policyFields, additionalInsured: policyFields.additionalInsured.default([]) }).superRefine(policyRules);
export type NewPolicy = z.input<typeof newPolicySchema>;

/** PATCH /api/admin/insurance/{id}. */
export const policyChangeSchema = z
  .object(policyFields)
  .partial()
  .superRefine(policyRules)
  .refine((change) => Object.values(change).some((value) => value !== undefined), { message: recordMessages.emptyChange });
export type PolicyChange = z.input<typeof policyChangeSchema>;

const count = (field: string) =>
  z
    .number({ message: recordMessages.count(field) })
    .int(recordMessages.count(field))
    .min(0, recordMessages.count(field))
    .max(10_000_000, recordMessages.count(field));

const batteryFields = {
  serial: words("The serial", recordMessages.serial),
  /** The cycles it had when recorded; each flight record naming it adds one (docs/decisions/0072-flight-records.md). */
  cyclesBefore: count("cyclesBefore"),
  healthPercent: z
    .number({ message: recordMessages.health })
    .int(recordMessages.health)
    .min(0, recordMessages.health)
    .max(100, recordMessages.health)
    .nullable(),
  status: z.enum(AIRCRAFT_STATUSES, { message: recordMessages.status }),
};

/** POST /api/admin/aircraft/{id}/batteries. */
export const newBatterySchema = z.object({
  ...batteryFields,
  cyclesBefore: batteryFields.cyclesBefore.default(0),
  healthPercent: batteryFields.healthPercent.default(null),
  status: batteryFields.status.default("in-service"),
});
export type NewBattery = z.input<typeof newBatterySchema>;

/** PATCH /api/admin/aircraft/{id}/batteries/{batteryId}. */
export const batteryChangeSchema = z
  .object(batteryFields)
  .partial()
  .refine((change) => Object.values(change).some((value) => value !== undefined), { message: recordMessages.emptyChange });
export type BatteryChange = z.input<typeof batteryChangeSchema>;

const maintenanceFields = {
  doneOn: day("doneOn"),
  work: oneLine("The work", recordMessages.work).min(1, recordMessages.work).max(500, recordMessages.work),
  doneBy: words("Who did it", recordMessages.doneBy),
  /** The aircraft's hours (tenths) and flights when it was done. */
  hoursTenthsAt: count("hoursTenthsAt").nullable(),
  cyclesAt: count("cyclesAt").nullable(),
  /** The next due: whichever comes first of a day, the aircraft's hours (tenths) and its flights. */
  nextDueOn: day("nextDueOn").nullable(),
  nextDueHoursTenths: count("nextDueHoursTenths").nullable(),
  nextDueCycles: count("nextDueCycles").nullable(),
};

/** POST /api/admin/aircraft/{id}/maintenance. */
export const newMaintenanceSchema = z.object({
  ...maintenanceFields,
  hoursTenthsAt: maintenanceFields.hoursTenthsAt.default(null),
  cyclesAt: maintenanceFields.cyclesAt.default(null),
  nextDueOn: maintenanceFields.nextDueOn.default(null),
  nextDueHoursTenths: maintenanceFields.nextDueHoursTenths.default(null),
  nextDueCycles: maintenanceFields.nextDueCycles.default(null),
});
export type NewMaintenance = z.input<typeof newMaintenanceSchema>;

/** PATCH /api/admin/aircraft/{id}/maintenance/{entryId}. */
export const maintenanceChangeSchema = z
  .object(maintenanceFields)
  .partial()
  .refine((change) => Object.values(change).some((value) => value !== undefined), { message: recordMessages.emptyChange });
export type MaintenanceChange = z.input<typeof maintenanceChangeSchema>;

/** Part of PATCH /api/admin/users/{id}: the limit per occurrence a customer requires; null: none. */
export const requiredInsuranceSchema = z.object({ requiredInsuranceLimit: limit.nullable() });

/** Path parameters of the certificates' calls. */
export const pilotParams = z.object({ userId: pathId("userId") });
export const pilotCertificateParams = pilotParams.extend({ id: pathId("id") });
export const batteryParams = z.object({ id: pathId("id"), batteryId: pathId("batteryId") });
export const maintenanceParams = z.object({ id: pathId("id"), entryId: pathId("entryId") });
