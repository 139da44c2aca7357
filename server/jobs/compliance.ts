import { and, asc, desc, eq, gte, inArray, lte, ne } from "drizzle-orm";
import type { z } from "zod";
import { addDays } from "@common/calendar-date";
import type { complianceWarningsSchema } from "@common/contract/operator-records";
import { CERTIFICATE_TYPE_LABELS, EXPIRY_WARNING_DAYS, expiryLabel, recordMessages } from "@common/operator-records";
import { formatMoney } from "@common/money";
import { personName } from "@common/person-name";
import type { Database } from "../db/client";
import { aircraft, batteries, insurancePolicies, jobs, maintenanceEntries, pilotCertificates, users } from "../db/schema";
import { aircraftUsage, totalHoursTenths } from "./flight-usage";
import { DomainError } from "../domain-errors";

// The operator's records checked when a job is scheduled (docs/decisions/0068-operator-records.md).

/** A transaction, spelled as move-job.ts spells it: that file imports this one, so this one cannot import it back. */
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What the gate found lapsed: the 409's field, its message, and the history's words for it. */
export interface Lapse {
  field: "certificate" | "aircraft" | "insurance";
  message: string;
  what: string;
}

type Certificate = typeof pilotCertificates.$inferSelect;

/** Per type, the certificate whose currency runs latest: a renewal is a new row, and only the newest counts. */
export function newestPerType(certificates: readonly Certificate[]): Certificate[] {
  const newest = new Map<string, Certificate>();
  for (const certificate of certificates) {
    const held = newest.get(certificate.type);
    if (!held || certificate.expiresOn > held.expiresOn) newest.set(certificate.type, certificate);
  }
  return [...newest.values()];
}

const certificateName = (certificate: Certificate) => `${CERTIFICATE_TYPE_LABELS[certificate.type]} ${certificate.number}`;

/**
 * The records that are not current on `day` (the flight's calendar day in the business's zone):
 * each certificate type the pilot holds whose newest certificate is not current then (none
 * recorded is a warning, not a lapse), the aircraft grounded or not registered then, and the
 * customer's required limit above every policy in force then. An unknown aircraft is a 400.
 */
export async function lapsesOn(
  tx: Transaction,
  { day, pilotId, aircraftId, customerId, currency }: { day: string; pilotId: number; aircraftId: number | null; customerId: number; currency: string },
): Promise<Lapse[]> {
  const lapses: Lapse[] = [];
  const certificates = await tx.select().from(pilotCertificates).where(eq(pilotCertificates.pilotId, pilotId));
  const lapsed = newestPerType(certificates).filter((certificate) => certificate.expiresOn < day || certificate.issuedOn > day);
  if (lapsed.length > 0) {
    const [pilot] = await tx.select().from(users).where(eq(users.id, pilotId));
    const who = pilot ? personName(pilot) : `Pilot #${pilotId}`;
    const described = lapsed.map((certificate) =>
      certificate.issuedOn > day
        ? `${certificateName(certificate)} is issued only on ${certificate.issuedOn}`
        : `${certificateName(certificate)}: ${expiryLabel(certificate.type)} ${certificate.expiresOn}`,
    );
    lapses.push({
      field: "certificate",
      message: `${who}'s certificate is not current on the flight's day (${day}): ${described.join("; ")}`,
      what: `a current certificate for ${who} (${described.join("; ")})`,
    });
  }
  if (aircraftId !== null) {
    // Shared lock: grounding the aircraft meanwhile waits for this schedule, or this for it.
    const [craft] = await tx.select().from(aircraft).where(eq(aircraft.id, aircraftId)).for("share");
    if (!craft) throw new DomainError("invalid", recordMessages.unknownAircraft, { aircraftId: recordMessages.unknownAircraft });
    const name = `${craft.make} ${craft.model} (${craft.serial})`;
    const problems = [
      craft.status === "grounded" ? "is grounded" : "",
      craft.registration === "" ? "is not registered" : "",
      craft.registration !== "" && craft.registrationExpiresOn !== null && craft.registrationExpiresOn < day
        ? `registration ${craft.registration} expired on ${craft.registrationExpiresOn}`
        : "",
      ...(await maintenanceOverdue(tx, craft, day)),
    ].filter(Boolean);
    if (problems.length > 0) {
      const said = `${name} ${problems.join(", ")}`;
      lapses.push({ field: "aircraft", message: `The aircraft cannot fly on ${day}: ${said}`, what: `a flyable aircraft (${said})` });
    }
  }
  const [customer] = await tx.select({ required: users.requiredInsuranceLimit }).from(users).where(eq(users.id, customerId));
  const required = customer?.required ?? null;
  if (required !== null && required > 0) {
    const inForce = await tx
      .select({ limit: insurancePolicies.perOccurrenceLimit })
      .from(insurancePolicies)
      .where(and(lte(insurancePolicies.startsOn, day), gte(insurancePolicies.expiresOn, day)));
    const best = Math.max(0, ...inForce.map((policy) => policy.limit));
    if (best < required) {
      const said =
        inForce.length === 0
          ? `no policy is in force on ${day}; the customer requires ${formatMoney(required, currency)} per occurrence`
          : `the customer requires ${formatMoney(required, currency)} per occurrence, the policy in force covers ${formatMoney(best, currency)}`;
      lapses.push({ field: "insurance", message: `Insurance falls short: ${said}`, what: `insurance the customer requires (${said})` });
    }
  }
  return lapses;
}

/**
 * What passed the aircraft's maintenance limit on `day`: the newest entry's next due, by date (due
 * through that day inclusive, as a certificate), by hours or by flights computed from the recorded
 * flights (docs/decisions/0072-flight-records.md). None when no entry sets a next due.
 */
async function maintenanceOverdue(tx: Transaction, craft: typeof aircraft.$inferSelect, day: string): Promise<string[]> {
  const latest = await latestMaintenance(tx, craft.id);
  if (!latest) return [];
  return [
    latest.nextDueOn !== null && latest.nextDueOn < day ? `maintenance was due on ${latest.nextDueOn}` : "",
    ...countersReached(latest, craft, (await aircraftUsage(tx)).get(craft.id)),
  ];
}

type MaintenanceEntry = typeof maintenanceEntries.$inferSelect;

/** The aircraft's newest maintenance entry: its next due is the one that counts. */
async function latestMaintenance(db: Pick<Database, "select">, aircraftId: number): Promise<MaintenanceEntry | undefined> {
  const [latest] = await db
    .select()
    .from(maintenanceEntries)
    .where(eq(maintenanceEntries.aircraftId, aircraftId))
    .orderBy(desc(maintenanceEntries.doneOn), desc(maintenanceEntries.id))
    .limit(1);
  return latest;
}

/** The entry's limits by hours and by flights that the aircraft's recorded flights have reached. */
function countersReached(latest: MaintenanceEntry, craft: typeof aircraft.$inferSelect, usage: Parameters<typeof totalHoursTenths>[1]): string[] {
  const hours = totalHoursTenths(craft.flightHoursTenths, usage);
  const flights = usage?.flights ?? 0;
  const tenths = (value: number) => (value / 10).toFixed(1);
  return [
    latest.nextDueHoursTenths !== null && hours >= latest.nextDueHoursTenths
      ? `maintenance was due at ${tenths(latest.nextDueHoursTenths)} h (it has flown ${tenths(hours)} h)`
      : "",
    latest.nextDueCycles !== null && flights >= latest.nextDueCycles
      ? `maintenance was due after ${latest.nextDueCycles} flights (it has flown ${flights})`
      : "",
  ].filter(Boolean);
}

type Warnings = z.output<typeof complianceWarningsSchema>["data"];

/**
 * The aircraft's maintenance falling due: by date within the warning horizon (reminded at 30, 7 and
 * 0 days as the other records), or by hours or flights reached, which have no day to count to and
 * so are warned of, not mailed. The newest entry's next due counts, as at the gate.
 */
async function maintenanceWarnings(
  db: Database,
  craft: typeof aircraft.$inferSelect,
  usage: Parameters<typeof totalHoursTenths>[1],
  today: string,
  horizon: string,
): Promise<Warnings> {
  const latest = await latestMaintenance(db, craft.id);
  if (!latest) return [];
  const named = `${craft.make} ${craft.model} (${craft.serial})`;
  const byDate: Warnings =
    latest.nextDueOn !== null && latest.nextDueOn <= horizon
      ? [
          {
            kind: "maintenance",
            recordId: latest.id,
            message: `${named}: maintenance ${latest.nextDueOn < today ? "was due" : "due"} ${latest.nextDueOn}`,
            on: latest.nextDueOn,
          },
        ]
      : [];
  return [
    ...byDate,
    ...countersReached(latest, craft, usage).map((said) => ({ kind: "maintenance" as const, recordId: latest.id, message: `${named}: ${said}`, on: null })),
  ];
}

/**
 * The records that lapse within EXPIRY_WARNING_DAYS of `today` (or have lapsed), and the pilots
 * with no certificate recorded: the whole business's, or for a job those of its pilot and aircraft
 * and the policies.
 */
export async function complianceWarnings(db: Database, today: string, jobId?: number): Promise<Warnings> {
  const horizon = addDays(today, EXPIRY_WARNING_DAYS);
  let pilotIds: number[] | null = null;
  let aircraftIds: number[] | null = null;
  if (jobId !== undefined) {
    const [job] = await db.select({ pilotId: jobs.pilotId, aircraftId: jobs.aircraftId }).from(jobs).where(eq(jobs.id, jobId));
    if (!job) throw new DomainError("not-found", "Job not found");
    pilotIds = job.pilotId === null ? [] : [job.pilotId];
    aircraftIds = job.aircraftId === null ? [] : [job.aircraftId];
  }
  const warnings: Warnings = [];
  const pilots = await db
    .select()
    .from(users)
    .where(pilotIds === null ? and(eq(users.role, "pilot"), eq(users.active, true)) : pilotIds.length ? inArray(users.id, pilotIds) : eq(users.id, 0))
    .orderBy(asc(users.id));
  const certificates = pilots.length
    ? await db
        .select()
        .from(pilotCertificates)
        .where(
          inArray(
            pilotCertificates.pilotId,
            pilots.map((pilot) => pilot.id),
          ),
        )
    : [];
  for (const pilot of pilots) {
    const own = certificates.filter((certificate) => certificate.pilotId === pilot.id);
    if (own.length === 0) {
      warnings.push({ kind: "pilot", recordId: pilot.id, message: `${personName(pilot)} has no certificate recorded`, on: null });
      continue;
    }
    for (const certificate of newestPerType(own).filter((held) => held.expiresOn <= horizon)) {
      const tense = certificate.expiresOn < today ? "lapsed" : expiryLabel(certificate.type);
      warnings.push({
        kind: "certificate",
        recordId: certificate.id,
        message: `${personName(pilot)}'s ${certificateName(certificate)}: ${tense} ${certificate.expiresOn}`,
        on: certificate.expiresOn,
      });
    }
  }
  if (aircraftIds === null || aircraftIds.length > 0) {
    const fleet = await db
      .select()
      .from(aircraft)
      .where(aircraftIds === null ? ne(aircraft.status, "grounded") : inArray(aircraft.id, aircraftIds));
    const usage = fleet.length ? await aircraftUsage(db) : new Map();
    for (const craft of fleet) {
      warnings.push(...(await maintenanceWarnings(db, craft, usage.get(craft.id), today, horizon)));
      if (craft.registrationExpiresOn === null || craft.registrationExpiresOn > horizon) continue;
      warnings.push({
        kind: "aircraft",
        recordId: craft.id,
        message: `${craft.make} ${craft.model} (${craft.serial}): registration ${craft.registration || "none"} ${craft.registrationExpiresOn < today ? "expired" : "expires"} ${craft.registrationExpiresOn}`,
        on: craft.registrationExpiresOn,
      });
    }
  }
  // The policy that runs latest is the one in force next; the older ones are history.
  const policies = await db.select().from(insurancePolicies).where(gte(insurancePolicies.expiresOn, today));
  const latest = policies.reduce<(typeof policies)[number] | undefined>(
    (best, policy) => (!best || policy.expiresOn > best.expiresOn ? policy : best),
    undefined,
  );
  if (latest && latest.expiresOn <= horizon) {
    warnings.push({
      kind: "insurance",
      recordId: latest.id,
      message: `${latest.insurer} policy ${latest.policyNumber} expires ${latest.expiresOn}`,
      on: latest.expiresOn,
    });
  }
  return warnings;
}

/**
 * A flight record names aircraft and batteries of the fleet by id: an unknown one is a 400 naming
 * its field (docs/decisions/0072-flight-records.md). A grounded one is accepted: it may have been
 * grounded after it flew.
 */
export async function assertFlightRecords(tx: Transaction, flight: { aircraftId?: number | null; batteryIds?: readonly number[] }): Promise<void> {
  if (flight.aircraftId != null) {
    const [craft] = await tx.select({ id: aircraft.id }).from(aircraft).where(eq(aircraft.id, flight.aircraftId)).for("share");
    if (!craft) throw new DomainError("invalid", recordMessages.unknownAircraft, { "flight.aircraftId": recordMessages.unknownAircraft });
  }
  const batteryIds = [...new Set(flight.batteryIds ?? [])];
  if (batteryIds.length > 0) {
    const found = await tx.select({ id: batteries.id }).from(batteries).where(inArray(batteries.id, batteryIds)).for("share");
    if (found.length !== batteryIds.length)
      throw new DomainError("invalid", recordMessages.unknownBattery, { "flight.batteryIds": recordMessages.unknownBattery });
  }
}
