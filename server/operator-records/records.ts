import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { aircraftSchema, certificateSchema, policySchema } from "@common/contract/operator-records";
import {
  type aircraftChangeSchema,
  type certificateChangeSchema,
  type newAircraftSchema,
  type newCertificateSchema,
  type newPolicySchema,
  type policyChangeSchema,
  type RecordKind,
  recordMessages,
} from "@common/operator-records";
import { personName } from "@common/person-name";
import type { Database } from "../db/client";
import { aircraft, insurancePolicies, pilotCertificates, recordEvents, users } from "../db/schema";
import { DomainError } from "../domain-errors";
import type { Actor } from "../jobs/read-jobs";
import type { Transaction } from "../jobs/move-job";

// The operator's records (docs/decisions/0068-operator-records.md): written with an event naming
// what changed, in one transaction; none is ever deleted, so a job keeps what it was checked against.

type CertificateView = z.output<typeof certificateSchema>;
type AircraftView = z.output<typeof aircraftSchema>;
type PolicyView = z.output<typeof policySchema>;
type History = CertificateView["history"];

/** The history of each record of a kind, oldest first, by record id. */
async function historiesOf(db: Database | Transaction, kind: RecordKind, ids: number[]): Promise<Map<number, History>> {
  const histories = new Map<number, History>(ids.map((recordId) => [recordId, []]));
  if (ids.length === 0) return histories;
  const rows = await db
    .select({
      recordId: recordEvents.recordId,
      at: recordEvents.at,
      note: recordEvents.note,
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
    histories.get(row.recordId)?.push({ at: row.at, by, note: row.note });
  }
  return histories;
}

async function record(tx: Transaction, kind: RecordKind, recordId: number, actor: Actor, note: string): Promise<void> {
  await tx.insert(recordEvents).values({ kind, recordId, byUserId: actor.id, note });
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
  const histories = await historiesOf(
    db,
    "certificate",
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, history: histories.get(row.id) ?? [] }));
}

async function certificateView(tx: Transaction, id: number): Promise<CertificateView> {
  const [row] = await tx.select(certificateColumns).from(pilotCertificates).where(eq(pilotCertificates.id, id));
  if (!row) throw new DomainError("not-found", recordMessages.certificateNotFound);
  return { ...row, history: (await historiesOf(tx, "certificate", [id])).get(id) ?? [] };
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

export async function listAircraft(db: Database): Promise<AircraftView[]> {
  const rows = await db.select(aircraftColumns).from(aircraft).orderBy(asc(aircraft.make), asc(aircraft.model), asc(aircraft.id));
  const histories = await historiesOf(
    db,
    "aircraft",
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, history: histories.get(row.id) ?? [] }));
}

async function aircraftView(tx: Transaction, id: number): Promise<AircraftView> {
  const [row] = await tx.select(aircraftColumns).from(aircraft).where(eq(aircraft.id, id));
  if (!row) throw new DomainError("not-found", recordMessages.aircraftNotFound);
  return { ...row, history: (await historiesOf(tx, "aircraft", [id])).get(id) ?? [] };
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
  const histories = await historiesOf(
    db,
    "insurance",
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    additionalInsured: row.additionalInsured.map((customerId) => ({ id: customerId, name: names.get(customerId) ?? `#${customerId}` })),
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
