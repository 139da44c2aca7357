import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { nextInvoiceNumber } from "../invoices/numbering";
import { paidDeposit } from "../testing/billing";
import { appWithUsers } from "../testing/factories";
import { databaseRefusal, invoiceRow } from "../testing/invoices";
import { jobDriver } from "../testing/jobs";
import type { TestApp } from "../testing/test-app";
import { type DatabaseHandle, openDatabase } from "./client";
import { estimateLines, estimateResponses, estimates, invoiceLines, invoices, payments, refunds } from "./schema";

/** Applies the committed migrations up to and including `lastTag` only: from a copy of the folder whose journal stops there. */
async function migrateThrough(database: DatabaseHandle, lastTag: string): Promise<void> {
  if (database.connection.kind !== "pglite") throw new Error("migrateThrough runs on PGlite");
  const folder = await mkdtemp(path.join(os.tmpdir(), "skyvantage-migrations-"));
  try {
    await cp(fileURLToPath(new URL("./migrations", import.meta.url)), folder, { recursive: true });
    const journalPath = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
    if (last < 0) throw new Error(`no migration ${lastTag}`);
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
    await migrate(drizzle({ client: database.connection.client }), { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe("migrations and readiness", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-migrate-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("is not ready until every committed migration is applied, then ready, keeping the rows written before", async () => {
    const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir });
    const unmigrated = await openDatabase({ dataDir, migrate: false });
    expect(await unmigrated.pendingMigrations()).toBeGreaterThanOrEqual(3);
    const app = await buildApp({ config, database: unmigrated, logger: false });
    const waiting = await app.inject({ method: "GET", url: "/api/health/ready" });
    expect(waiting.statusCode).toBe(503);
    expect(waiting.json()).toMatchObject({ status: "migrating" });
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    await app.close();
    // The database as the release before estimates and invoices left it (0005), holding a payment.
    await migrateThrough(unmigrated, "0005_reminders");
    await unmigrated.db.execute(sql`insert into users (username, email, password_hash) values ('ada', 'ada@example.com', 'x')`);
    // Columns as they were at 0005, so written in SQL rather than through today's schema.
    await unmigrated.db.execute(sql`insert into payments (user_id, description, amount, status, provider, provider_payment_id)
      select id, 'Thermal inspection', 50000, 'succeeded', 'demo', 'demo_pi_before_0006' from users`);
    expect(await unmigrated.pendingMigrations()).toBeGreaterThanOrEqual(1);
    await unmigrated.close();

    // What `npm run db:migrate` does: open with migrations applied.
    const migrated = await openDatabase({ dataDir });
    expect(await migrated.pendingMigrations()).toBe(0);
    // 0006 made every earlier payment a card payment, for no estimate or invoice, with nothing refunded.
    const [payment] = await migrated.db.select().from(payments).where(eq(payments.providerPaymentId, "demo_pi_before_0006"));
    expect(payment).toMatchObject({ amount: 50_000, status: "succeeded", method: "card", refundedAmount: 0, estimateId: null, invoiceId: null });
    const ready = await buildApp({ config, database: migrated, logger: false });
    const answer = await ready.inject({ method: "GET", url: "/api/health/ready" });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: "ready" });
    await ready.close();
    await migrated.close();
  });
});

describe("a new embedded database", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "skyvantage-new-db-"));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  // A new data directory is created and migrated by a child process (client.ts), which alone runs the
  // migrations on that path: the server's process opens a database with none left.
  it("opens created and fully migrated, and reopens without migrating again", async () => {
    const created = await openDatabase({ dataDir });
    expect(await created.pendingMigrations()).toBe(0);
    await created.db.execute(sql`insert into users (username, email, password_hash) values ('grace', 'grace@example.com', 'x')`);
    await created.close();
    const reopened = await openDatabase({ dataDir, migrate: false });
    expect(await reopened.pendingMigrations()).toBe(0);
    const rows = (await reopened.db.execute(sql`select username from users`)) as unknown as { rows: { username: string }[] };
    expect(rows.rows.map((row) => row.username)).toContain("grace");
    await reopened.close();
  });

  it("is only created, not migrated, when migrations are left to `npm run db:migrate`", async () => {
    const unmigratedDir = path.join(dataDir, "unmigrated");
    const created = await openDatabase({ dataDir: unmigratedDir, migrate: false });
    expect(await created.pendingMigrations()).toBeGreaterThanOrEqual(9);
    await created.close();
  });
});

describe("what the database refuses in estimates, invoices and refunds", () => {
  let t: TestApp;
  const ids = { firstJob: 0, secondJob: 0, firstEstimate: 0, secondEstimate: 0, firstInvoice: 0, payment: 0 };
  const db = () => t.database.db;
  const estimateRow = (jobId: number, revision: number): typeof estimates.$inferInsert => ({
    jobId,
    revision,
    depositKind: "percent",
    depositValue: 3000,
    validUntil: "2026-12-31",
    subtotal: 10_000,
    tax: 0,
    total: 10_000,
    depositAmount: 3_000,
  });
  const lineRow = (estimateId: number, line: Partial<typeof estimateLines.$inferInsert> = {}): typeof estimateLines.$inferInsert => ({
    estimateId,
    position: 1,
    description: "Thermal inspection",
    quantity: 40_000,
    unit: "acre",
    unitPrice: 250,
    amount: 10_000,
    ...line,
  });
  const acceptance = (estimateId: number, signatureName: string): typeof estimateResponses.$inferInsert => ({
    estimateId,
    answer: "accepted",
    signatureName,
    signedAt: new Date(),
    ipAddress: "203.0.113.9",
    userAgent: "Mozilla/5.0",
    acceptedSha256: "a".repeat(64),
    acceptedSubtotal: 10_000,
    acceptedTax: 0,
    acceptedTotal: 10_000,
    acceptedDepositAmount: 3_000,
  });

  beforeAll(async () => {
    const {
      t: app,
      users: [admin, customer],
      serviceId,
    } = await appWithUsers(["admin", "customer"] as const);
    t = app;
    const drive = jobDriver(t, admin, admin, serviceId);
    ids.firstJob = await drive.jobAt(customer, "accepted");
    ids.secondJob = await drive.jobAt(customer, "accepted");
    // What the estimates, invoices and payments code writes, each row well formed: the checks below
    // refuse only what is wrong.
    [{ id: ids.firstEstimate }, { id: ids.secondEstimate }] = (await db()
      .insert(estimates)
      .values([estimateRow(ids.firstJob, 1), estimateRow(ids.secondJob, 1)])
      .returning({ id: estimates.id })) as [{ id: number }, { id: number }];
    await db()
      .insert(estimateLines)
      .values([lineRow(ids.firstEstimate), lineRow(ids.firstEstimate, { position: 2, optional: true, unitPrice: 0, amount: 0 })]);
    await db().insert(estimateResponses).values(acceptance(ids.firstEstimate, "Ada Lovelace"));
    ids.firstInvoice = await db().transaction(async (tx) => {
      const [invoice] = await tx
        .insert(invoices)
        .values(invoiceRow(ids.firstJob, await nextInvoiceNumber(tx, 2026)))
        .returning({ id: invoices.id });
      return invoice!.id;
    });
    ids.payment = await paidDeposit(db(), { userId: customer.user.id, amount: 3_000, providerPaymentId: "demo_pi_deposit", estimateId: ids.firstEstimate });
    await db().insert(refunds).values({ paymentId: ids.payment, amount: 1_000, status: "succeeded", providerRefundId: "demo_re_1" });
    await db().update(payments).set({ refundedAmount: 1_000 }).where(eq(payments.id, ids.payment));
  });
  afterAll(() => t.close());

  const CHECK = "23514";
  const UNIQUE = "23505";
  const cases: [string, () => PromiseLike<unknown>, string, string][] = [
    [
      "a negative line price",
      () =>
        db()
          .insert(estimateLines)
          .values(lineRow(ids.secondEstimate, { unitPrice: -1 })),
      CHECK,
      "estimate_lines_unit_price_check",
    ],
    [
      "a negative invoice line price",
      () =>
        db()
          .insert(invoiceLines)
          .values({ invoiceId: ids.firstInvoice, position: 1, description: "Thermal inspection", quantity: 1_000, unitPrice: -100, amount: 0 }),
      CHECK,
      "invoice_lines_unit_price_check",
    ],
    [
      "a quantity of 0",
      () =>
        db()
          .insert(estimateLines)
          .values(lineRow(ids.secondEstimate, { quantity: 0 })),
      CHECK,
      "estimate_lines_quantity_check",
    ],
    [
      "a discount above the subtotal",
      () =>
        db()
          .insert(estimates)
          .values({ ...estimateRow(ids.secondJob, 2), status: "superseded", discount: 10_001, tax: 1, total: 0, depositAmount: 0 }),
      CHECK,
      "estimates_discount_check",
    ],
    [
      "a deposit above the total",
      () =>
        db()
          .insert(estimates)
          .values({ ...estimateRow(ids.secondJob, 2), status: "superseded", depositAmount: 10_001 }),
      CHECK,
      "estimates_deposit_amount_check",
    ],
    [
      "a total that is not subtotal − discount + tax",
      () =>
        db()
          .insert(estimates)
          .values({ ...estimateRow(ids.secondJob, 2), status: "superseded", tax: 825 }),
      CHECK,
      "estimates_total_check",
    ],
    ["a second current estimate for one job", () => db().insert(estimates).values(estimateRow(ids.secondJob, 2)), UNIQUE, "estimates_one_current_per_job_idx"],
    [
      "an acceptance signed with one letter",
      () => db().insert(estimateResponses).values(acceptance(ids.secondEstimate, "A")),
      CHECK,
      "estimate_responses_accepted_check",
    ],
    [
      "a second answer to one revision",
      () => db().insert(estimateResponses).values({ estimateId: ids.firstEstimate, answer: "declined", reason: "Too dear" }),
      UNIQUE,
      "estimate_responses_pkey",
    ],
    [
      "a due date before the issue date",
      () =>
        db()
          .insert(invoices)
          .values({ ...invoiceRow(ids.secondJob, { year: 2026, sequence: 2, number: "2026-0002" }), dueDate: "2026-02-28" }),
      CHECK,
      "invoices_due_date_check",
    ],
    [
      "a second invoice number equal to the first",
      () =>
        db()
          .insert(invoices)
          .values(invoiceRow(ids.secondJob, { year: 2026, sequence: 1, number: "2026-0001" })),
      UNIQUE,
      "invoices_number_unique",
    ],
    [
      "a number that is not its year and sequence",
      () =>
        db()
          .insert(invoices)
          .values(invoiceRow(ids.secondJob, { year: 2026, sequence: 2, number: "2026-2" })),
      CHECK,
      "invoices_number_check",
    ],
    [
      "a second open invoice for one job",
      () =>
        db()
          .insert(invoices)
          .values(invoiceRow(ids.firstJob, { year: 2026, sequence: 2, number: "2026-0002" })),
      UNIQUE,
      "invoices_one_live_per_job_idx",
    ],
    [
      "a refund of 0",
      () => db().insert(refunds).values({ paymentId: ids.payment, amount: 0, providerRefundId: "demo_re_zero" }),
      CHECK,
      "refunds_amount_check",
    ],
    [
      "a refund id seen before",
      () => db().insert(refunds).values({ paymentId: ids.payment, amount: 500, providerRefundId: "demo_re_1" }),
      UNIQUE,
      "refunds_provider_refund_id_unique",
    ],
    [
      "refunded_amount above the amount",
      () => db().update(payments).set({ refundedAmount: 3_001 }).where(eq(payments.id, ids.payment)),
      CHECK,
      "payments_refunded_amount_check",
    ],
    [
      "a payment method it does not know",
      () => db().execute(sql`update payments set method = 'barter' where id = ${ids.payment}`),
      CHECK,
      "payments_method_check",
    ],
  ];

  it.each(cases)("refuses %s", async (_name, query, code, constraint) => {
    expect(await databaseRefusal(query())).toEqual({ code, constraint });
  });

  it("changed nothing for the refused rows", async () => {
    expect(await db().select({ number: invoices.number }).from(invoices)).toEqual([{ number: "2026-0001" }]);
    expect(await db().select({ id: estimates.id }).from(estimates)).toHaveLength(2);
    expect(await db().select({ amount: refunds.amount }).from(refunds)).toEqual([{ amount: 1_000 }]);
    const [payment] = await db()
      .select({ refundedAmount: payments.refundedAmount, method: payments.method })
      .from(payments)
      .where(eq(payments.id, ids.payment));
    expect(payment).toEqual({ refundedAmount: 1_000, method: "card" });
  });
});
