import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { aircraftSchema, batterySchema, certificateSchema, maintenanceSchema, policySchema, scannedCopySchema } from "@common/contract/operator-records";
import {
  type aircraftChangeSchema,
  type batteryChangeSchema,
  type maintenanceChangeSchema,
  type newBatterySchema,
  type newMaintenanceSchema,
  type certificateChangeSchema,
  type newAircraftSchema,
  type newCertificateSchema,
  type newPolicySchema,
  type policyChangeSchema,
  type RecordKind,
  recordMessages,
  type ScannedKind,
} from "@common/operator-records";
import { personName } from "@common/person-name";
import type { Database } from "../db/client";
import { aircraft, batteries, insurancePolicies, maintenanceEntries, pilotCertificates, recordEvents, scannedCopies, users } from "../db/schema";
import { DomainError } from "../domain-errors";
import type { Actor } from "../jobs/read-jobs";
import { aircraftUsage, batteryFlights, totalHoursTenths } from "../jobs/flight-usage";
import type { Transaction } from "../jobs/move-job";

// The operator's records (docs/decisions/0068-operator-records.md): written with an event naming
// what changed, in one transaction; none is ever deleted, so a job keeps what it was checked against.

type CertificateView = z.output<typeof certificateSchema>;
type AircraftView = z.output<typeof aircraftSchema>;
type PolicyView = z.output<typeof policySchema>;
type BatteryView = z.output<typeof batterySchema>;
type MaintenanceView = z.output<typeof maintenanceSchema>;
type History = CertificateView["history"];
type ScannedCopyView = z.output<typeof scannedCopySchema>;

/** The history of each record of a kind, oldest first, by record id. */
async function historiesOf(db: Database | Transaction, kind: RecordKind, ids: number[]): Promise<Map<number, History>> {
  const histories = new Map<number, History>(ids.map((recordId) => [recordId, []]));
  if (ids.length === 0) return histories;
  const rows = await db
    .select({
      recordId: recordEvents.recordId,
      at: recordEvents.at,
      note: recordEvents.note,
      copyId: recordEvents.copyId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(recordEvents)
    .leftJoin(users, eq(users.id, recordEvents.byUserId))
    .where(and(eq(recordEvents.kind, kind), inArray(recordEvents.recordId, ids)))
    .orderBy(asc(recordEvents.id));
  for (const row of rows) {
    const by = row.username === null ? null : personName({ username: row.username, firstName: row.firstName ?? "", lastName: row.lastName ?? "" });
    histories.get(row.recordId)?.push({ at: row.at, by, note: row.note, copyId: row.copyId });
  }
  return histories;
}

async function record(tx: Transaction, kind: RecordKind, recordId: number, actor: Actor, note: string, copyId: number | null = null): Promise<void> {
  await tx.insert(recordEvents).values({ kind, recordId, byUserId: actor.id, note, copyId });
}

/** Each record's scanned copy on file, its newest, by record id (docs/decisions/0075-scanned-copies.md). */
export async function currentCopies(db: Database | Transaction, kind: ScannedKind, ids: number[]) {
  const copies = new Map<number, typeof scannedCopies.$inferSelect>();
  if (ids.length === 0) return copies;
  const rows = await db
    .select()
    .from(scannedCopies)
    .where(and(eq(scannedCopies.kind, kind), inArray(scannedCopies.recordId, ids)))
    .orderBy(desc(scannedCopies.id));
  for (const row of rows) if (!copies.has(row.recordId)) copies.set(row.recordId, row);
  return copies;
}

async function copyViews(db: Database | Transaction, kind: ScannedKind, ids: number[]): Promise<Map<number, ScannedCopyView>> {
  const copies = await currentCopies(db, kind, ids);
  return new Map(
    [...copies].map(([recordId, copy]) => [
      recordId,
      { id: copy.id, name: copy.originalName, contentType: copy.contentType, size: copy.size, uploadedAt: copy.createdAt },
    ]),
  );
}

/** "number, expiresOn changed": the fields whose value differs from the row's. */
function changedFields(row: Record<string, unknown>, change: Record<string, unknown>): string[] {
  return Object.entries(change)
    .filter(([field, value]) => value !== undefined && JSON.stringify(row[field]) !== JSON.stringify(value))
    .map(([field]) => field);
}

// Certificates.

/** A pilot's or an admin's account, the only ones certificates are kept for; 404 otherwise. */
async function assertPilot(db: Database | Transaction, userId: number): Promise<void> {
  const [person] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!person || person.role === "customer") throw new DomainError("not-found", recordMessages.pilotNotFound);
}

const certificateColumns = {
  id: pilotCertificates.id,
  pilotId: pilotCertificates.pilotId,
  type: pilotCertificates.type,
  number: pilotCertificates.number,
  issuedOn: pilotCertificates.issuedOn,
  expiresOn: pilotCertificates.expiresOn,
};

export async function listCertificates(db: Database, pilotId: number): Promise<CertificateView[]> {
  await assertPilot(db, pilotId);
  const rows = await db
    .select(certificateColumns)
    .from(pilotCertificates)
    .where(eq(pilotCertificates.pilotId, pilotId))
    .orderBy(desc(pilotCertificates.expiresOn), desc(pilotCertificates.id));
  const ids = rows.map((row) => row.id);
  const [histories, copies] = await Promise.all([historiesOf(db, "certificate", ids), copyViews(db, "certificate", ids)]);
  return rows.map((row) => ({ ...row, scannedCopy: copies.get(row.id) ?? null, history: histories.get(row.id) ?? [] }));
}

async function certificateView(tx: Transaction, id: number): Promise<CertificateView> {
  const [row] = await tx.select(certificateColumns).from(pilotCertificates).where(eq(pilotCertificates.id, id));
  if (!row) throw new DomainError("not-found", recordMessages.certificateNotFound);
  const [histories, copies] = await Promise.all([historiesOf(tx, "certificate", [id]), copyViews(tx, "certificate", [id])]);
  return { ...row, scannedCopy: copies.get(id) ?? null, history: histories.get(id) ?? [] };
}

export function addCertificate(db: Database, actor: Actor, pilotId: number, input: z.output<typeof newCertificateSchema>): Promise<CertificateView> {
  return db.transaction(async (tx) => {
    await assertPilot(tx, pilotId);
    const [row] = await tx
      .insert(pilotCertificates)
      .values({ ...input, pilotId, createdBy: actor.id })
      .returning({ id: pilotCertificates.id });
    if (!row) throw new Error("insert returned no certificate");
    await record(tx, "certificate", row.id, actor, `Recorded: ${input.number}, issued ${input.issuedOn}, current until ${input.expiresOn}`);
    return certificateView(tx, row.id);
  });
}

export function changeCertificate(
  db: Database,
  actor: Actor,
  pilotId: number,
  id: number,
  change: z.output<typeof certificateChangeSchema>,
): Promise<CertificateView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(pilotCertificates)
      .where(and(eq(pilotCertificates.id, id), eq(pilotCertificates.pilotId, pilotId)))
      .for("update");
    if (!row) throw new DomainError("not-found", recordMessages.certificateNotFound);
    const next = { ...row, ...Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) };
    if (next.expiresOn < next.issuedOn) throw new DomainError("invalid", recordMessages.expiresBeforeIssued, { expiresOn: recordMessages.expiresBeforeIssued });
    const fields = changedFields(row, change);
    if (fields.length > 0) {
      await tx.update(pilotCertificates).set(change).where(eq(pilotCertificates.id, id));
      await record(tx, "certificate", id, actor, `Changed ${fields.map((field) => `${field} to ${String(next[field as keyof typeof next])}`).join(", ")}`);
    }
    return certificateView(tx, id);
  });
}

// Aircraft.

const aircraftColumns = {
  id: aircraft.id,
  make: aircraft.make,
  model: aircraft.model,
  serial: aircraft.serial,
  registration: aircraft.registration,
  registrationExpiresOn: aircraft.registrationExpiresOn,
  remoteIdSerial: aircraft.remoteIdSerial,
  firmware: aircraft.firmware,
  payloads: aircraft.payloads,
  status: aircraft.status,
  flightHoursTenths: aircraft.flightHoursTenths,
};

type AircraftRow = { [K in keyof typeof aircraftColumns]: (typeof aircraft.$inferSelect)[K] };

/** Each aircraft with its hours and flights computed from the recorded flights, and its history. */
async function aircraftViews(db: Database | Transaction, rows: AircraftRow[]): Promise<AircraftView[]> {
  const [histories, usage] = await Promise.all([
    historiesOf(
      db,
      "aircraft",
      rows.map((row) => row.id),
    ),
    aircraftUsage(db),
  ]);
  return rows.map((row) => ({
    ...row,
    totalHoursTenths: totalHoursTenths(row.flightHoursTenths, usage.get(row.id)),
    flightCount: usage.get(row.id)?.flights ?? 0,
    history: histories.get(row.id) ?? [],
  }));
}

export async function listAircraft(db: Database): Promise<AircraftView[]> {
  return aircraftViews(db, await db.select(aircraftColumns).from(aircraft).orderBy(asc(aircraft.make), asc(aircraft.model), asc(aircraft.id)));
}

async function aircraftView(tx: Transaction, id: number): Promise<AircraftView> {
  const [row] = await tx.select(aircraftColumns).from(aircraft).where(eq(aircraft.id, id));
  if (!row) throw new DomainError("not-found", recordMessages.aircraftNotFound);
  const [view] = await aircraftViews(tx, [row]);
  return view!;
}

export function addAircraft(db: Database, actor: Actor, input: z.output<typeof newAircraftSchema>): Promise<AircraftView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(aircraft)
      .values({ ...input, createdBy: actor.id })
      .returning({ id: aircraft.id });
    if (!row) throw new Error("insert returned no aircraft");
    await record(tx, "aircraft", row.id, actor, `Recorded: ${input.make} ${input.model}, serial ${input.serial}`);
    return aircraftView(tx, row.id);
  });
}

export function changeAircraft(db: Database, actor: Actor, id: number, change: z.output<typeof aircraftChangeSchema>): Promise<AircraftView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(aircraft).where(eq(aircraft.id, id)).for("update");
    if (!row) throw new DomainError("not-found", recordMessages.aircraftNotFound);
    const fields = changedFields(row, change);
    if (fields.length > 0) {
      await tx.update(aircraft).set(change).where(eq(aircraft.id, id));
      const described = fields.map((field) =>
        field === "payloads" ? "payloads changed" : `${field} to ${String(change[field as keyof typeof change] ?? "none")}`,
      );
      await record(tx, "aircraft", id, actor, `Changed ${described.join(", ")}`);
    }
    return aircraftView(tx, id);
  });
}

// Batteries and maintenance entries, each of one aircraft (docs/decisions/0072-flight-records.md).

async function assertAircraft(db: Database | Transaction, id: number): Promise<void> {
  const [craft] = await db.select({ id: aircraft.id }).from(aircraft).where(eq(aircraft.id, id));
  if (!craft) throw new DomainError("not-found", recordMessages.aircraftNotFound);
}

type BatteryRow = typeof batteries.$inferSelect;

async function batteryViews(db: Database | Transaction, rows: BatteryRow[]): Promise<BatteryView[]> {
  const [histories, flights] = await Promise.all([
    historiesOf(
      db,
      "battery",
      rows.map((row) => row.id),
    ),
    batteryFlights(db),
  ]);
  return rows.map(({ createdBy: _by, createdAt: _at, updatedAt: _updated, ...row }) => ({
    ...row,
    cycles: row.cyclesBefore + (flights.get(row.id) ?? 0),
    history: histories.get(row.id) ?? [],
  }));
}

export async function listBatteries(db: Database, aircraftId: number): Promise<BatteryView[]> {
  await assertAircraft(db, aircraftId);
  return batteryViews(db, await db.select().from(batteries).where(eq(batteries.aircraftId, aircraftId)).orderBy(asc(batteries.serial), asc(batteries.id)));
}

async function batteryView(tx: Transaction, id: number): Promise<BatteryView> {
  const [row] = await tx.select().from(batteries).where(eq(batteries.id, id));
  if (!row) throw new DomainError("not-found", recordMessages.batteryNotFound);
  const [view] = await batteryViews(tx, [row]);
  return view!;
}

export function addBattery(db: Database, actor: Actor, aircraftId: number, input: z.output<typeof newBatterySchema>): Promise<BatteryView> {
  return db.transaction(async (tx) => {
    await assertAircraft(tx, aircraftId);
    const [row] = await tx
      .insert(batteries)
      .values({ ...input, aircraftId, createdBy: actor.id })
      .returning({ id: batteries.id });
    if (!row) throw new Error("insert returned no battery");
    await record(tx, "battery", row.id, actor, `Recorded: battery ${input.serial}, ${input.cyclesBefore} cycles`);
    return batteryView(tx, row.id);
  });
}

export function changeBattery(db: Database, actor: Actor, aircraftId: number, id: number, change: z.output<typeof batteryChangeSchema>): Promise<BatteryView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(batteries)
      .where(and(eq(batteries.id, id), eq(batteries.aircraftId, aircraftId)))
      .for("update");
    if (!row) throw new DomainError("not-found", recordMessages.batteryNotFound);
    const fields = changedFields(row, change);
    if (fields.length > 0) {
      await tx.update(batteries).set(change).where(eq(batteries.id, id));
      await record(
        tx,
        "battery",
        id,
        actor,
        `Changed ${fields.map((field) => `${field} to ${String(change[field as keyof typeof change] ?? "none")}`).join(", ")}`,
      );
    }
    return batteryView(tx, id);
  });
}

type EntryRow = typeof maintenanceEntries.$inferSelect;

async function maintenanceViews(db: Database | Transaction, rows: EntryRow[]): Promise<MaintenanceView[]> {
  const histories = await historiesOf(
    db,
    "maintenance",
    rows.map((row) => row.id),
  );
  return rows.map(({ createdBy: _by, createdAt: _at, updatedAt: _updated, ...row }) => ({ ...row, history: histories.get(row.id) ?? [] }));
}

/** An aircraft's maintenance entries, newest first: the first one's next due is its limit. */
export async function listMaintenance(db: Database, aircraftId: number): Promise<MaintenanceView[]> {
  await assertAircraft(db, aircraftId);
  return maintenanceViews(
    db,
    await db
      .select()
      .from(maintenanceEntries)
      .where(eq(maintenanceEntries.aircraftId, aircraftId))
      .orderBy(desc(maintenanceEntries.doneOn), desc(maintenanceEntries.id)),
  );
}

async function maintenanceView(tx: Transaction, id: number): Promise<MaintenanceView> {
  const [row] = await tx.select().from(maintenanceEntries).where(eq(maintenanceEntries.id, id));
  if (!row) throw new DomainError("not-found", recordMessages.entryNotFound);
  const [view] = await maintenanceViews(tx, [row]);
  return view!;
}

export function addMaintenance(db: Database, actor: Actor, aircraftId: number, input: z.output<typeof newMaintenanceSchema>): Promise<MaintenanceView> {
  return db.transaction(async (tx) => {
    await assertAircraft(tx, aircraftId);
    const [row] = await tx
      .insert(maintenanceEntries)
      .values({ ...input, aircraftId, createdBy: actor.id })
      .returning({ id: maintenanceEntries.id });
    if (!row) throw new Error("insert returned no maintenance entry");
    await record(tx, "maintenance", row.id, actor, `Recorded: ${input.work} on ${input.doneOn} by ${input.doneBy}`);
    return maintenanceView(tx, row.id);
  });
}

export function changeMaintenance(
  db: Database,
  actor: Actor,
  aircraftId: number,
  id: number,
  change: z.output<typeof maintenanceChangeSchema>,
): Promise<MaintenanceView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(maintenanceEntries)
      .where(and(eq(maintenanceEntries.id, id), eq(maintenanceEntries.aircraftId, aircraftId)))
      .for("update");
    if (!row) throw new DomainError("not-found", recordMessages.entryNotFound);
    const fields = changedFields(row, change);
    if (fields.length > 0) {
      await tx.update(maintenanceEntries).set(change).where(eq(maintenanceEntries.id, id));
      await record(
        tx,
        "maintenance",
        id,
        actor,
        `Changed ${fields.map((field) => `${field} to ${String(change[field as keyof typeof change] ?? "none")}`).join(", ")}`,
      );
    }
    return maintenanceView(tx, id);
  });
}

// Insurance.

const policyColumns = {
  id: insurancePolicies.id,
  insurer: insurancePolicies.insurer,
  policyNumber: insurancePolicies.policyNumber,
  startsOn: insurancePolicies.startsOn,
  expiresOn: insurancePolicies.expiresOn,
  perOccurrenceLimit: insurancePolicies.perOccurrenceLimit,
  aggregateLimit: insurancePolicies.aggregateLimit,
  additionalInsured: insurancePolicies.additionalInsured,
};

type PolicyRow = { [K in keyof typeof policyColumns]: (typeof insurancePolicies.$inferSelect)[K] };

async function policyViews(db: Database | Transaction, rows: PolicyRow[]): Promise<PolicyView[]> {
  const customerIds = [...new Set(rows.flatMap((row) => row.additionalInsured))];
  const customers =
    customerIds.length === 0
      ? []
      : await db
          .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, company: users.company })
          .from(users)
          .where(inArray(users.id, customerIds));
  const names = new Map(customers.map((customer) => [customer.id, customer.company || personName(customer)]));
  const ids = rows.map((row) => row.id);
  const [histories, copies] = await Promise.all([historiesOf(db, "insurance", ids), copyViews(db, "insurance", ids)]);
  return rows.map((row) => ({
    ...row,
    additionalInsured: row.additionalInsured.map((customerId) => ({ id: customerId, name: names.get(customerId) ?? `#${customerId}` })),
    scannedCopy: copies.get(row.id) ?? null,
    history: histories.get(row.id) ?? [],
  }));
}

export async function listPolicies(db: Database): Promise<PolicyView[]> {
  return policyViews(db, await db.select(policyColumns).from(insurancePolicies).orderBy(desc(insurancePolicies.expiresOn), desc(insurancePolicies.id)));
}

async function policyView(tx: Transaction, id: number): Promise<PolicyView> {
  const [row] = await tx.select(policyColumns).from(insurancePolicies).where(eq(insurancePolicies.id, id));
  if (!row) throw new DomainError("not-found", recordMessages.policyNotFound);
  const [view] = await policyViews(tx, [row]);
  return view!;
}

/** Every additional insured is a customer's account: 400 under additionalInsured otherwise. */
async function assertCustomers(tx: Transaction, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.role, "customer")));
  if (found.length !== new Set(ids).size)
    throw new DomainError("invalid", recordMessages.unknownCustomer, { additionalInsured: recordMessages.unknownCustomer });
}

export function addPolicy(db: Database, actor: Actor, input: z.output<typeof newPolicySchema>): Promise<PolicyView> {
  return db.transaction(async (tx) => {
    await assertCustomers(tx, input.additionalInsured);
    const [row] = await tx
      .insert(insurancePolicies)
      .values({ ...input, additionalInsured: [...new Set(input.additionalInsured)], createdBy: actor.id })
      .returning({ id: insurancePolicies.id });
    if (!row) throw new Error("insert returned no policy");
    await record(tx, "insurance", row.id, actor, `Recorded: ${input.insurer} ${input.policyNumber}, ${input.startsOn} to ${input.expiresOn}`);
    return policyView(tx, row.id);
  });
}

export function changePolicy(db: Database, actor: Actor, id: number, change: z.output<typeof policyChangeSchema>): Promise<PolicyView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(insurancePolicies).where(eq(insurancePolicies.id, id)).for("update");
    if (!row) throw new DomainError("not-found", recordMessages.policyNotFound);
    const next = { ...row, ...Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) };
    if (next.expiresOn < next.startsOn) throw new DomainError("invalid", recordMessages.expiresBeforeIssued, { expiresOn: recordMessages.expiresBeforeIssued });
    if (next.aggregateLimit < next.perOccurrenceLimit)
      throw new DomainError("invalid", recordMessages.aggregateBelow, { aggregateLimit: recordMessages.aggregateBelow });
    if (change.additionalInsured) await assertCustomers(tx, change.additionalInsured);
    const written = change.additionalInsured ? { ...change, additionalInsured: [...new Set(change.additionalInsured)] } : change;
    const fields = changedFields(row, written);
    if (fields.length > 0) {
      await tx.update(insurancePolicies).set(written).where(eq(insurancePolicies.id, id));
      const described = fields.map((field) =>
        field === "additionalInsured" ? "additional insured changed" : `${field} to ${String(next[field as keyof typeof next])}`,
      );
      await record(tx, "insurance", id, actor, `Changed ${described.join(", ")}`);
    }
    return policyView(tx, id);
  });
}

// Scanned copies (docs/decisions/0075-scanned-copies.md): a certificate's scanned copy, a policy's
// document. A new copy replaces the one on file; the old stays, named by the history event that added it.

/** Which record a scanned copy belongs to: a pilot's certificate, or a policy. */
export type CopyTarget = { kind: "certificate"; pilotId: number; id: number } | { kind: "insurance"; id: number };

/** The record, for update inside a transaction: 404 for a certificate that is not the pilot's, or an unknown policy. */
async function lockTarget(db: Database | Transaction, target: CopyTarget, forUpdate: boolean): Promise<void> {
  if (target.kind === "certificate") {
    const query = db
      .select({ id: pilotCertificates.id })
      .from(pilotCertificates)
      .where(and(eq(pilotCertificates.id, target.id), eq(pilotCertificates.pilotId, target.pilotId)));
    const [row] = forUpdate ? await query.for("update") : await query;
    if (!row) throw new DomainError("not-found", recordMessages.certificateNotFound);
    return;
  }
  const query = db.select({ id: insurancePolicies.id }).from(insurancePolicies).where(eq(insurancePolicies.id, target.id));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw new DomainError("not-found", recordMessages.policyNotFound);
}

/** 404 before an upload's bytes are stored, for a record that is not there (or not the pilot's). */
export const assertCopyTarget = (db: Database, target: CopyTarget): Promise<void> => lockTarget(db, target, false);

const KIND_OF_FILE: Record<string, string> = { "application/pdf": "PDF", "image/jpeg": "JPEG", "image/png": "PNG" };

/**
 * Files a stored upload as the record's scanned copy, with a history event naming it (and the copy
 * it replaces, which stays readable by its id). The caller deletes the stored file if this throws.
 */
type StoredCopy = { key: string; size: number; contentType: string; originalName: string };

function addScannedCopy<View>(
  db: Database,
  actor: Actor,
  target: CopyTarget,
  file: StoredCopy,
  view: (tx: Transaction, id: number) => Promise<View>,
): Promise<View> {
  return db.transaction(async (tx) => {
    await lockTarget(tx, target, true);
    const previous = (await currentCopies(tx, target.kind, [target.id])).get(target.id);
    const [copy] = await tx
      .insert(scannedCopies)
      .values({
        kind: target.kind,
        recordId: target.id,
        originalName: file.originalName,
        storageKey: file.key,
        contentType: file.contentType,
        size: file.size,
        createdBy: actor.id,
      })
      .returning({ id: scannedCopies.id });
    if (!copy) throw new Error("insert returned no scanned copy");
    const described = `${file.originalName} (${KIND_OF_FILE[file.contentType] ?? file.contentType}, ${Math.max(1, Math.round(file.size / 1024))} KB)`;
    const note = previous ? `Scanned copy replaced by ${described}; the previous one, ${previous.originalName}, is kept` : `Scanned copy added: ${described}`;
    await record(tx, target.kind, target.id, actor, note, copy.id);
    return view(tx, target.id);
  });
}

export const addCertificateCopy = (db: Database, actor: Actor, pilotId: number, id: number, file: StoredCopy): Promise<CertificateView> =>
  addScannedCopy(db, actor, { kind: "certificate", pilotId, id }, file, certificateView);

export const addPolicyCopy = (db: Database, actor: Actor, id: number, file: StoredCopy): Promise<PolicyView> =>
  addScannedCopy(db, actor, { kind: "insurance", id }, file, policyView);

/** The record's copy on file, or the one of its history named by `version`: 404 when there is none. */
export async function findScannedCopy(db: Database, target: CopyTarget, version?: number): Promise<typeof scannedCopies.$inferSelect> {
  await lockTarget(db, target, false);
  const [copy] = await db
    .select()
    .from(scannedCopies)
    .where(and(eq(scannedCopies.kind, target.kind), eq(scannedCopies.recordId, target.id), version === undefined ? undefined : eq(scannedCopies.id, version)))
    .orderBy(desc(scannedCopies.id))
    .limit(1);
  if (!copy) throw new DomainError("not-found", recordMessages.copyNotFound);
  return copy;
}
