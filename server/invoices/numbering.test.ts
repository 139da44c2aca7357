import { asc, eq, sql, TransactionRollbackError } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import * as schema from "../db/schema";
import { invoiceCounters, invoices, services } from "../db/schema";
import { appWithUsers, createAdmin, registerUser } from "../testing/factories";
import { invoiceRow } from "../testing/invoices";
import { jobDriver } from "../testing/jobs";
import { createScratchDatabase, type ScratchDatabase } from "../testing/scratch-database";
import { createTestApp, type TestApp } from "../testing/test-app";
import { type InvoiceNumber, nextInvoiceNumber } from "./numbering";

// Concurrency needs PostgreSQL whatever the run uses (as in server/follow-up/reminders.test.ts).
const BASE_DATABASE_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

type Rows<T> = { rows: T[] };

/** Takes the next number of `year` in a transaction that commits. */
const takeNumber = (db: Database, year: number) => db.transaction((tx) => nextInvoiceNumber(tx, year));

/** Takes the next number of `year` in a transaction that rolls back; answers the number it had. */
async function takeAndRollBack(db: Database, year: number): Promise<InvoiceNumber> {
  let taken: InvoiceNumber | undefined;
  await expect(
    db.transaction(async (tx) => {
      taken = await nextInvoiceNumber(tx, year);
      tx.rollback();
    }),
  ).rejects.toThrow(TransactionRollbackError);
  return taken!;
}

describe("invoice numbers on the run's database", () => {
  let t: TestApp;
  let jobIds: number[];
  const db = () => t.database.db;
  beforeAll(async () => {
    const started = await appWithUsers(["admin", "customer"] as const);
    t = started.t;
    const [admin, customer] = started.users;
    const drive = jobDriver(t, admin, admin, started.serviceId);
    jobIds = [];
    for (let i = 0; i < 3; i += 1) jobIds.push(await drive.jobAt(customer, "accepted"));
  });
  afterAll(() => t.close());

  it("numbers a year from 2026-0001 up, and a new year from 0001 again", async () => {
    expect(await takeNumber(db(), 2026)).toEqual({ year: 2026, sequence: 1, number: "2026-0001" });
    expect(await takeNumber(db(), 2026)).toEqual({ year: 2026, sequence: 2, number: "2026-0002" });
    expect(await takeNumber(db(), 2027)).toEqual({ year: 2027, sequence: 1, number: "2027-0001" });
    expect(await takeNumber(db(), 2026)).toEqual({ year: 2026, sequence: 3, number: "2026-0003" });
  });

  it("gives a rolled-back transaction's number to the next invoice", async () => {
    expect((await takeAndRollBack(db(), 2028)).number).toBe("2028-0001");
    expect((await takeNumber(db(), 2028)).number).toBe("2028-0001");
    expect((await takeAndRollBack(db(), 2028)).number).toBe("2028-0002");
    expect((await takeAndRollBack(db(), 2028)).number).toBe("2028-0002");
    expect((await takeNumber(db(), 2028)).number).toBe("2028-0002");
  });

  it("takes back the number of an invoice the database refused, in the same transaction", async () => {
    const [first, second] = jobIds as [number, number];
    await db().transaction(async (tx) => {
      await tx.insert(invoices).values(invoiceRow(first, await nextInvoiceNumber(tx, 2029)));
    });
    // A due date before the issue date: the insert fails, and the number it took goes with it.
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(invoices).values({ ...invoiceRow(second, await nextInvoiceNumber(tx, 2029)), dueDate: "2029-02-01" });
      }),
    ).rejects.toThrow();
    await db().transaction(async (tx) => {
      await tx.insert(invoices).values(invoiceRow(second, await nextInvoiceNumber(tx, 2029)));
    });
    const numbers = await db().select({ number: invoices.number }).from(invoices).where(eq(invoices.year, 2029)).orderBy(asc(invoices.sequence));
    expect(numbers.map((row) => row.number)).toEqual(["2029-0001", "2029-0002"]);
  });

  it("writes five digits after 9999", async () => {
    await db().insert(invoiceCounters).values({ year: 2030, lastSequence: 9_998 });
    expect((await takeNumber(db(), 2030)).number).toBe("2030-9999");
    const [, , third] = jobIds as [number, number, number];
    const taken = await db().transaction(async (tx) => {
      const next = await nextInvoiceNumber(tx, 2030);
      await tx.insert(invoices).values(invoiceRow(third, next));
      return next;
    });
    expect(taken).toEqual({ year: 2030, sequence: 10_000, number: "2030-10000" });
  });

  it("refuses a year that is not four digits, and keeps no counter for it", async () => {
    for (const year of [0, 26, 10_000, 2026.5]) await expect(takeNumber(db(), year)).rejects.toThrow(RangeError);
    expect(await db().select({ year: invoiceCounters.year }).from(invoiceCounters).orderBy(asc(invoiceCounters.year))).toEqual(
      [2026, 2027, 2028, 2029, 2030].map((year) => ({ year })),
    );
  });
});

describe("invoice numbers under concurrency on PostgreSQL", () => {
  const PARALLEL = 20;
  let scratch: ScratchDatabase;
  let t: TestApp;
  let pool: pg.Pool;
  /** On a pool of its own, large enough for every transaction of a test to be open at once. */
  let db: Database;
  let jobIds: number[];

  beforeAll(async () => {
    scratch = await createScratchDatabase(BASE_DATABASE_URL, "skyvantage_invoice_numbers");
    t = await createTestApp({}, { databaseUrl: scratch.url });
    const [admin, customer] = await Promise.all([createAdmin(t), registerUser(t)]);
    const [service] = await t.database.db.select({ id: services.id }).from(services).limit(1);
    const drive = jobDriver(t, admin, admin, service!.id);
    jobIds = [];
    for (let i = 0; i < PARALLEL; i += 1) jobIds.push(await drive.jobAt(customer, "accepted"));
    pool = new pg.Pool({ connectionString: scratch.url, max: PARALLEL + 2 });
    db = drizzle({ client: pool, schema });
  });
  afterAll(async () => {
    await pool.end();
    await t.close();
    await scratch.drop();
  });

  /** Sessions of this database waiting for a lock while numbering. */
  async function waitingToNumber(): Promise<number> {
    const result = (await db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%invoice_counters%'`,
    )) as unknown as Rows<{ n: number }>;
    return result.rows[0]!.n;
  }

  it("gives 20 transactions open at once the numbers 2026-0001 to 2026-0020, each once, on their invoices", async () => {
    // Every transaction is open on its own connection before any of them asks for a number.
    let arrived = 0;
    let allOpen!: () => void;
    const everyoneOpen = new Promise<void>((resolve) => (allOpen = resolve));
    const taken = await Promise.all(
      jobIds.map((jobId) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          arrived += 1;
          if (arrived === PARALLEL) allOpen();
          await everyoneOpen;
          const next = await nextInvoiceNumber(tx, 2026);
          await tx.insert(invoices).values(invoiceRow(jobId, next));
          return next;
        }),
      ),
    );
    const expected = Array.from({ length: PARALLEL }, (_, index) => `2026-${String(index + 1).padStart(4, "0")}`);
    expect(taken.map((next) => next.number).sort()).toEqual(expected);
    const stored = await db.select({ number: invoices.number, jobId: invoices.jobId }).from(invoices).orderBy(asc(invoices.sequence));
    expect(stored.map((row) => row.number)).toEqual(expected);
    expect(new Set(stored.map((row) => row.jobId)).size).toBe(PARALLEL);
    expect(await db.select().from(invoiceCounters).where(eq(invoiceCounters.year, 2026))).toEqual([{ year: 2026, lastSequence: PARALLEL }]);
  });

  // A year's first number (the counter row being inserted) and a later one (the row being raised).
  it.each([
    ["its first number", 2027, 0, "2027-0001"],
    ["a later number", 2028, 1, "2028-0002"],
  ])("makes a transaction wait for %s held by another, and gives it that number when the other rolls back", async (_case, year, committedBefore, number) => {
    for (let i = 0; i < committedBefore; i += 1) await takeNumber(db, year);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: (taken: InvoiceNumber) => void;
    const held = new Promise<InvoiceNumber>((resolve) => (holding = resolve));
    const first = db.transaction(async (tx) => {
      holding(await nextInvoiceNumber(tx, year));
      await released;
      tx.rollback();
    });
    try {
      expect((await held).number).toBe(number);
      const second = db.transaction((tx) => nextInvoiceNumber(tx, year));
      await expect.poll(waitingToNumber).toBe(1);
      release();
      await expect(first).rejects.toThrow(TransactionRollbackError);
      expect((await second).number).toBe(number);
    } finally {
      release();
    }
  });
});
