import Fastify from "fastify";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import type { Database, DatabaseHandle } from "../db/client";
import { invoices, jobs, quotes, services, users } from "../db/schema";
import type { BillingSettings } from "../billing/settings";
import { issueInvoice } from "../invoices/issue-invoice";
import { acceptedEstimate } from "../testing/billing";
import { createNotifier } from "../jobs/notifier";
import { type TaskQueue, startQueue } from "../queue/queue";
import { tasks } from "../tasks";
import { startWorkerProcess } from "../worker-process";
import { createAdmin, registerUser, type TestUser } from "../testing/factories";
import { jobDriver, jobsAppWithMail } from "../testing/jobs";
import { createScratchDatabase, type ScratchDatabase } from "../testing/scratch-database";
import { startSmtpPeer } from "../testing/smtp-peer";
import { createTestApp, type TestApp } from "../testing/test-app";
import { overdueRemindersDue, remindersTask, sendDueReminders, workingDaysBefore } from "./reminders";

// Several instances need PostgreSQL whatever the run uses (as in server/mail/outbox.test.ts).
const BASE_DATABASE_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const WAIT = { timeout: 20_000, interval: 100 };
const HOUR_MS = 3_600_000;
const SITE = { publicUrl: "https://skyvantage.test", business: async () => ({ name: "SkyVantage", email: "missions@skyvantage.test", notifyEmail: "" }) };
/** The business counts its days in Chicago: an invoice falls overdue at Chicago's midnight, not UTC's. */
const BILLING: BillingSettings = {
  businessName: "SkyVantage",
  publicUrl: SITE.publicUrl,
  notifyEmail: "",
  taxLabel: "Tax",
  paymentTerms: "",
  bankDetails: "",
  taxRateBasisPoints: 0,
  timeZone: "America/Chicago",
  currency: "usd",
  business: { name: "SkyVantage", address: [], phone: "+1 555 0100", email: "billing@skyvantage.test" },
};

type Rows<T> = { rows: T[] };

/** Jobs of one queue not yet settled (created, retried or running), read from pg-boss's own table. */
async function unsettled(db: Database, queue: string): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from pgboss.job where name = ${queue} and state < 'completed'`)) as unknown as Rows<{
    n: number;
  }>;
  return result.rows[0]!.n;
}

/** Waits until every queued mail has been handed to SMTP, so the inbox holds all there will be. */
const mailsDelivered = (db: Database) => expect.poll(() => unsettled(db, "mail"), WAIT).toBe(0);

/**
 * What a reminder sweep runs with, on one instance's database: a queue of its own (enqueue only;
 * the instance's workers send the mails it queues). Stop it before the instance closes.
 */
async function sweeperOn(database: DatabaseHandle, log: TestApp["app"]["log"]): Promise<{ context: Parameters<typeof sendDueReminders>[0]; queue: TaskQueue }> {
  const queue = await startQueue(database, { log, retryDelaySeconds: 1, tasks });
  return { context: { db: database.db, queue, log, site: SITE, billing: async () => BILLING }, queue };
}

/** A window an hour long starting at `start`. */
const windowAt = (start: string) => ({ scheduledStart: start, scheduledEnd: new Date(Date.parse(start) + HOUR_MS).toISOString() });
const hoursBefore = (start: string, hours: number) => new Date(Date.parse(start) - hours * HOUR_MS);

it("counts two working days back over a weekend", () => {
  expect(workingDaysBefore(new Date("2026-11-24T10:00:00Z"), 2).toISOString()).toBe("2026-11-20T10:00:00.000Z"); // Tuesday → Friday
  expect(workingDaysBefore(new Date("2026-11-26T10:00:00Z"), 2).toISOString()).toBe("2026-11-24T10:00:00.000Z"); // Thursday → Tuesday
});

it("counts the overdue reminders due: none before 3 days after the due date, the first from the 3rd, both from the 7th", () => {
  expect([
    overdueRemindersDue("2030-06-10", "2030-06-12"),
    overdueRemindersDue("2030-06-10", "2030-06-13"),
    overdueRemindersDue("2030-06-10", "2030-06-16"),
    overdueRemindersDue("2030-06-10", "2030-06-17"),
  ]).toEqual([0, 1, 1, 2]);
});

/** An open invoice of the customer's with a balance of $1,591.27, issued on 27 May 2030 and due on 10 June (Chicago). */
async function overdueInvoiceOf(db: Database, customerId: number, adminId: number): Promise<{ id: number; number: string }> {
  const { jobId } = await acceptedEstimate(db, { userId: customerId });
  const id = await issueInvoice(db, BILLING.timeZone, { jobId, dueDate: "2030-06-10" }, adminId, new Date("2030-05-27T15:00:00Z"));
  const [invoice] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, id));
  return { id, number: invoice!.number };
}

// Fixed dates years ahead: the app's own sweep, every minute on the real clock, never finds them due.
describe("the reminder sweep on one instance", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser;
  let drive: ReturnType<typeof jobDriver>;
  let sweeper: Awaited<ReturnType<typeof sweeperOn>>;
  beforeAll(async () => {
    ({
      smtp,
      t,
      users: [admin, customer, pilot],
      drive,
    } = await jobsAppWithMail());
    sweeper = await sweeperOn(t.database, t.app.log);
  });
  afterAll(async () => {
    await sweeper.queue.stop();
    await t.close();
    await smtp.close();
  });

  const sweepAt = async (now: Date) => {
    await sendDueReminders(sweeper.context, now);
    await mailsDelivered(t.database.db);
  };
  /** Flight reminders of job `id` that reached `address`. */
  const flightReminders = (address: string, id: number) =>
    smtp.inbox.filter((mail) => mail.to === address && /Subject: Tomorrow:/.test(mail.raw) && mail.raw.includes(`/dashboard/jobs/${id}`)).length;
  /** Waiting-quote reminders that reached the admin for the request made at `createdAt`. */
  const quoteReminders = (createdAt: Date) =>
    smtp.inbox.filter(
      (mail) => mail.to === admin.user.email && /Subject: A quote request waits for an answer/.test(mail.raw) && mail.raw.includes(createdAt.toUTCString()),
    ).length;
  const scheduledAt = async (start: string) => {
    const id = await drive.jobAt(customer, "accepted");
    expect((await drive.patch(id, { status: "scheduled", ...windowAt(start), pilotId: pilot.user.id })).statusCode).toBe(200);
    return id;
  };
  /** A quote request, pending, as if made at `createdAt`. */
  const quoteMadeAt = async (createdAt: Date) => {
    const { quoteId } = await drive.requestQuote(customer);
    await t.database.db.update(quotes).set({ createdAt }).where(eq(quotes.id, quoteId));
    return quoteId;
  };

  it("is a pg-boss schedule, every minute", async () => {
    const result = (await t.database.db.execute(sql`select name, cron from pgboss.schedule`)) as unknown as Rows<{ name: string; cron: string }>;
    expect(result.rows).toContainEqual({ name: remindersTask.name, cron: "* * * * *" });
  });

  it("reminds the customer and the pilot the day before a flight, once per window; a new window reminds again", async () => {
    const first = "2030-06-12T08:00:00.000Z";
    const id = await scheduledAt(first);
    await sweepAt(hoursBefore(first, 25));
    expect([flightReminders(customer.user.email, id), flightReminders(pilot.user.email, id)]).toEqual([0, 0]);

    await sweepAt(hoursBefore(first, 23));
    expect([flightReminders(customer.user.email, id), flightReminders(pilot.user.email, id)]).toEqual([1, 1]);
    await sweepAt(hoursBefore(first, 22));
    await sweepAt(hoursBefore(first, 1));
    expect([flightReminders(customer.user.email, id), flightReminders(pilot.user.email, id)]).toEqual([1, 1]);

    const second = "2030-06-15T08:00:00.000Z";
    expect((await drive.patch(id, { status: "scheduled", ...windowAt(second), pilotId: pilot.user.id, reason: "Weather hold" })).statusCode).toBe(200);
    await sweepAt(hoursBefore(second, 2));
    await sweepAt(hoursBefore(second, 1));
    expect([flightReminders(customer.user.email, id), flightReminders(pilot.user.email, id)]).toEqual([2, 2]);
    const [job] = await t.database.db.select({ remindedFor: jobs.remindedFor }).from(jobs).where(eq(jobs.id, id));
    expect(job!.remindedFor?.toISOString()).toBe(second);
  });

  it("reminds nobody of a flight cancelled, or already under way", async () => {
    const start = "2030-07-03T08:00:00.000Z";
    const cancelled = await scheduledAt(start);
    expect((await drive.patch(cancelled, { status: "cancelled", reason: "Site closed" })).statusCode).toBe(200);
    const underWay = await scheduledAt("2030-07-03T06:00:00.000Z");
    await sweepAt(hoursBefore(start, 1));
    expect([flightReminders(customer.user.email, cancelled), flightReminders(customer.user.email, underWay)]).toEqual([0, 0]);
  });

  it("reminds the admins of a quote request pending two working days, once; weekends do not count, and an answered request is not reminded", async () => {
    const tuesday = new Date("2030-06-11T10:00:00.000Z");
    await quoteMadeAt(tuesday);
    await sweepAt(new Date("2030-06-13T09:59:00.000Z"));
    expect(quoteReminders(tuesday)).toBe(0);
    await sweepAt(new Date("2030-06-13T10:00:00.000Z"));
    expect(quoteReminders(tuesday)).toBe(1);
    await sweepAt(new Date("2030-06-14T10:00:00.000Z"));
    expect(quoteReminders(tuesday)).toBe(1);

    const friday = new Date("2030-06-14T10:00:00.000Z");
    await quoteMadeAt(friday);
    const answered = new Date("2030-06-14T11:00:00.000Z");
    const answeredId = await quoteMadeAt(answered);
    expect((await drive.inject("PATCH", `/api/admin/quotes/${answeredId}`, admin, { status: "declined" })).statusCode).toBe(200);
    await sweepAt(new Date("2030-06-17T10:00:00.000Z")); // Monday: one working day since
    expect(quoteReminders(friday)).toBe(0);
    await sweepAt(new Date("2030-06-18T12:00:00.000Z")); // Tuesday: two
    expect([quoteReminders(friday), quoteReminders(answered)]).toEqual([1, 0]);
  });

  it("reminds the customer of an overdue invoice 3 and 7 days after its due date as Chicago counts days, once each, and not once it is paid", async () => {
    const invoice = await overdueInvoiceOf(t.database.db, customer.user.id, admin.user.id);
    const paid = await overdueInvoiceOf(t.database.db, customer.user.id, admin.user.id);
    await t.database.db.update(invoices).set({ status: "paid" }).where(eq(invoices.id, paid.id));
    const overdueMails = (number: string) =>
      smtp.inbox.filter((mail) => mail.to === customer.user.email && mail.raw.includes(`Subject: Overdue: invoice ${number}`));
    const remindersSent = async () => (await t.database.db.select({ n: invoices.remindersSent }).from(invoices).where(eq(invoices.id, invoice.id)))[0]!.n;

    // 04:00 UTC on 13 June is 23:00 on the 12th in Chicago: two days after the due date.
    await sweepAt(new Date("2030-06-13T04:00:00Z"));
    expect([overdueMails(invoice.number).length, await remindersSent()]).toEqual([0, 0]);
    await sweepAt(new Date("2030-06-13T06:00:00Z"));
    expect([overdueMails(invoice.number).length, await remindersSent()]).toEqual([1, 1]);
    const first = overdueMails(invoice.number)[0]!.raw;
    for (const expected of ["Balance due: $1,591.27", "June 10, 2030", "/dashboard/jobs/", `invoice-${invoice.number}.pdf`]) expect(first).toContain(expected);
    await sweepAt(new Date("2030-06-16T12:00:00Z"));
    expect(overdueMails(invoice.number)).toHaveLength(1);

    await sweepAt(new Date("2030-06-17T06:00:00Z"));
    await sweepAt(new Date("2030-06-25T06:00:00Z"));
    expect([overdueMails(invoice.number).length, await remindersSent()]).toEqual([2, 2]);
    expect(overdueMails(paid.number)).toHaveLength(0);
  });

  it("sends one overdue reminder, the latest due, to an invoice first found a week late", async () => {
    const invoice = await overdueInvoiceOf(t.database.db, customer.user.id, admin.user.id);
    await sweepAt(new Date("2030-06-20T18:00:00Z"));
    await sweepAt(new Date("2030-06-21T18:00:00Z"));
    const [row] = await t.database.db.select({ n: invoices.remindersSent }).from(invoices).where(eq(invoices.id, invoice.id));
    expect([smtp.inbox.filter((mail) => mail.raw.includes(`Subject: Overdue: invoice ${invoice.number}`)).length, row!.n]).toEqual([1, 2]);
  });

  it("mails once when a sweep stopped between queuing a reminder and marking it sent", async () => {
    const start = "2030-08-01T08:00:00.000Z";
    const id = await scheduledAt(start);
    const madeAt = new Date("2030-07-01T10:00:00.000Z");
    const quoteId = await quoteMadeAt(madeAt);
    // What a sweep does before it marks: queue the mails. Then it stops.
    const notifier = createNotifier(t.database.db, sweeper.queue, t.app.log, SITE);
    await notifier.flightReminder(id, new Date(start));
    await notifier.quoteWaiting(quoteId);
    await mailsDelivered(t.database.db);
    expect([flightReminders(customer.user.email, id), flightReminders(pilot.user.email, id), quoteReminders(madeAt)]).toEqual([1, 1, 1]);

    // The reminders are still due: the next sweep queues the same mails again (stored once) and marks them.
    await sweepAt(hoursBefore(start, 2));
    expect([flightReminders(customer.user.email, id), flightReminders(pilot.user.email, id), quoteReminders(madeAt)]).toEqual([1, 1, 1]);
    const [job] = await t.database.db.select({ remindedFor: jobs.remindedFor }).from(jobs).where(eq(jobs.id, id));
    const [quote] = await t.database.db.select({ adminRemindedAt: quotes.adminRemindedAt }).from(quotes).where(eq(quotes.id, quoteId));
    expect(job!.remindedFor?.toISOString()).toBe(start);
    expect(quote!.adminRemindedAt).not.toBeNull();
  });

  it("reminds the admins and the pilot of a certificate 30, 7 and 0 days before it lapses as Chicago counts days, once each; a renewal ends them; a registration found late gets the latest only; maintenance due by date likewise, to the business", async () => {
    /** The mails about `what` that reached `address`, their headers unfolded and their quoted-printable text read (ASCII is enough here). */
    const readable = (raw: string) =>
      raw
        .replace(/=\r\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        .replace(/\r\n[ \t]+/g, " ");
    const about = (address: string, what: string) =>
      smtp.inbox.map((mail) => ({ ...mail, raw: readable(mail.raw) })).filter((mail) => mail.to === address && mail.raw.includes(what));
    const subjects = (address: string, what: string) => about(address, what).map((mail) => /^Subject: (.*)$/m.exec(mail.raw)![1]);
    const added = await drive.inject("POST", `/api/admin/pilots/${pilot.user.id}/certificates`, admin, {
      type: "faa-part-107",
      number: "FAA-4471902",
      issuedOn: "2029-03-01",
      expiresOn: "2031-03-31",
    });
    expect(added.statusCode).toBe(201);
    const craft = await drive.inject("POST", "/api/admin/aircraft", admin, {
      make: "DJI",
      model: "Matrice 350 RTK",
      serial: "1ZNBJ7R00C00PQ",
      registration: "FA3XK7L9PQ",
      registrationExpiresOn: "2031-03-10",
    });
    expect(craft.statusCode).toBe(201);

    // 05:00 UTC on 1 March is 23:00 on 28 February in Chicago: 31 days before the 31st.
    await sweepAt(new Date("2031-03-01T05:00:00Z"));
    expect(about(admin.user.email, "FAA-4471902")).toHaveLength(0);
    // The registration lapses on the 10th: first found 10 days before, past the 30 days' mark, it gets that reminder alone.
    expect(subjects(admin.user.email, "FA3XK7L9PQ")).toEqual([expect.stringMatching(/^Aircraft registration due in 10 days: /)]);
    await sweepAt(new Date("2031-03-01T07:00:00Z"));
    expect(subjects(admin.user.email, "FAA-4471902")).toEqual([expect.stringMatching(/^Certificate due in 30 days: .*FAA Part 107 FAA-4471902/)]);
    expect(about(pilot.user.email, "FAA-4471902")).toHaveLength(1);
    expect(about(pilot.user.email, "FAA-4471902")[0]!.raw).toContain("/admin-dashboard?tab=certificates");
    expect(about(admin.user.email, "FAA-4471902")[0]!.raw).toContain("/admin-dashboard?tab=fleet");
    await sweepAt(new Date("2031-03-02T12:00:00Z"));
    await sweepAt(new Date("2031-03-05T12:00:00Z"));
    // From the 3rd, 7 days or fewer are left: the 7 days' reminder, once.
    expect(subjects(admin.user.email, "FA3XK7L9PQ")).toEqual([
      expect.stringMatching(/10 days/),
      expect.stringMatching(/^Aircraft registration due in 5 days: /),
    ]);
    expect(about(admin.user.email, "FAA-4471902")).toHaveLength(1);

    await sweepAt(new Date("2031-03-24T12:00:00Z"));
    await sweepAt(new Date("2031-03-31T12:00:00Z"));
    await sweepAt(new Date("2031-04-01T12:00:00Z"));
    expect(subjects(admin.user.email, "FAA-4471902")).toEqual([
      expect.stringMatching(/due in 30 days/),
      expect.stringMatching(/^Certificate due in 7 days: /),
      expect.stringMatching(/^Certificate due today: /),
    ]);
    expect(about(pilot.user.email, "FAA-4471902")).toHaveLength(3);

    // Renewed: the new certificate is the one that counts, and it is years away.
    expect(
      (
        await drive.inject("POST", `/api/admin/pilots/${pilot.user.id}/certificates`, admin, {
          type: "faa-part-107",
          number: "FAA-5520117",
          issuedOn: "2031-04-02",
          expiresOn: "2033-04-30",
        })
      ).statusCode,
    ).toBe(201);
    await sweepAt(new Date("2031-04-03T12:00:00Z"));
    expect([about(admin.user.email, "FAA-4471902").length, about(admin.user.email, "FAA-5520117").length]).toEqual([3, 0]);

    // Maintenance falls due by date as the other records do: to the business, at 30, 7 and 0 days, with the aircraft named.
    const entry = await drive.inject("POST", `/api/admin/aircraft/${craft.json().data.id}/maintenance`, admin, {
      doneOn: "2031-04-01",
      work: "Annual inspection",
      doneBy: "Sam Ortiz",
      nextDueOn: "2031-05-15",
      nextDueCycles: 200,
    });
    expect(entry.statusCode).toBe(201);
    await sweepAt(new Date("2031-04-14T12:00:00Z"));
    expect(about(admin.user.email, "Maintenance")).toHaveLength(0);
    for (const day of ["2031-04-15", "2031-04-16", "2031-05-08", "2031-05-15", "2031-05-16"]) await sweepAt(new Date(`${day}T12:00:00Z`));
    expect(subjects(admin.user.email, "1ZNBJ7R00C00PQ").filter((subject) => subject?.startsWith("Maintenance"))).toEqual([
      "Maintenance due in 30 days: DJI Matrice 350 RTK (1ZNBJ7R00C00PQ): maintenance due 2031-05-15",
      "Maintenance due in 7 days: DJI Matrice 350 RTK (1ZNBJ7R00C00PQ): maintenance due 2031-05-15",
      "Maintenance due today: DJI Matrice 350 RTK (1ZNBJ7R00C00PQ): maintenance due 2031-05-15",
    ]);
    expect(about(pilot.user.email, "Annual inspection").concat(about(pilot.user.email, "Maintenance due"))).toHaveLength(0);
  });
});

describe("reminders with two instances on one PostgreSQL database", () => {
  let scratch: ScratchDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let apps: TestApp[] = [];
  let sweepers: Awaited<ReturnType<typeof sweeperOn>>[] = [];
  let admin: TestUser, customer: TestUser, pilot: TestUser;
  let drive: ReturnType<typeof jobDriver>;

  beforeAll(async () => {
    scratch = await createScratchDatabase(BASE_DATABASE_URL, "skyvantage_reminders");
    smtp = await startSmtpPeer();
    const env = { SMTP_URL: smtp.url };
    // One after the other: both migrate the same database on start.
    apps = [await createTestApp(env, { databaseUrl: scratch.url }), await createTestApp(env, { databaseUrl: scratch.url })];
    sweepers = await Promise.all(apps.map((t) => sweeperOn(t.database, t.app.log)));
    const [first, second] = apps as [TestApp, TestApp];
    admin = await createAdmin(first);
    customer = await registerUser(second);
    pilot = await registerUser(first);
    await first.database.db.update(users).set({ role: "pilot" }).where(eq(users.id, pilot.user.id));
    const [service] = await first.database.db.select({ id: services.id }).from(services).limit(1);
    drive = jobDriver(second, admin, pilot, service!.id);
  });
  afterAll(async () => {
    for (const sweeper of sweepers) await sweeper.queue.stop();
    for (const t of apps) await t.close();
    await smtp.close();
    await scratch.drop();
  });

  const db = () => apps[0]!.database.db;
  const mailsTo = (address: string, pattern: RegExp) => smtp.inbox.filter((mail) => mail.to === address && pattern.test(mail.raw)).length;
  const scheduledAt = async (start: string) => {
    const id = await drive.jobAt(customer, "accepted");
    expect((await drive.patch(id, { status: "scheduled", ...windowAt(start), pilotId: pilot.user.id })).statusCode).toBe(200);
    return id;
  };

  it("mails each reminder due once when both instances sweep at the same moment", async () => {
    const starts = ["2030-09-02T08:00:00.000Z", "2030-09-02T09:00:00.000Z", "2030-09-02T10:00:00.000Z"];
    const ids = [];
    for (const start of starts) ids.push(await scheduledAt(start));
    const madeAt = new Date("2030-08-27T10:00:00.000Z");
    const { quoteId } = await drive.requestQuote(customer);
    await db().update(quotes).set({ createdAt: madeAt }).where(eq(quotes.id, quoteId));

    const now = hoursBefore(starts[0]!, 3);
    await Promise.all(sweepers.flatMap((sweeper) => [sendDueReminders(sweeper.context, now), sendDueReminders(sweeper.context, now)]));
    await mailsDelivered(db());
    for (const id of ids) {
      const reminders = (address: string) => mailsTo(address, new RegExp(`Subject: Tomorrow:[^]*/dashboard/jobs/${id}\\b`));
      expect({ id, customer: reminders(customer.user.email), pilot: reminders(pilot.user.email) }).toEqual({ id, customer: 1, pilot: 1 });
    }
    expect(mailsTo(admin.user.email, new RegExp(`waits for an answer[^]*${madeAt.toUTCString()}`))).toBe(1);
  });

  it("mails an overdue invoice's reminder once when both instances sweep at the same moment", async () => {
    const invoice = await overdueInvoiceOf(db(), customer.user.id, admin.user.id);
    const now = new Date("2030-06-14T15:00:00Z");
    await Promise.all(sweepers.flatMap((sweeper) => [sendDueReminders(sweeper.context, now), sendDueReminders(sweeper.context, now)]));
    await mailsDelivered(db());
    expect(mailsTo(customer.user.email, new RegExp(`Subject: Overdue: invoice ${invoice.number}`))).toBe(1);
  });

  it("mails a reminder due on the real clock once when the sweep task is sent from both instances", async () => {
    // Three hours from now, on the real clock: the scheduled sweep may find it too, which is the point.
    const start = new Date(Date.now() + 3 * HOUR_MS);
    start.setUTCSeconds(0, 0);
    const id = await scheduledAt(start.toISOString());
    await Promise.all(sweepers.map((sweeper) => sweeper.queue.send(remindersTask, {})));
    await expect.poll(() => unsettled(db(), remindersTask.name), WAIT).toBe(0);
    await mailsDelivered(db());
    const failed = (await db().execute(
      sql`select count(*)::int as n from pgboss.job where name = ${remindersTask.name} and state = 'failed'`,
    )) as unknown as Rows<{ n: number }>;
    expect(failed.rows[0]!.n).toBe(0);
    const reminders = (address: string) => mailsTo(address, new RegExp(`Subject: Tomorrow:[^]*/dashboard/jobs/${id}\\b`));
    expect([reminders(customer.user.email), reminders(pilot.user.email)]).toEqual([1, 1]);
  });

  it("`npm run worker` keeps the schedule too", async () => {
    await db().execute(sql`delete from pgboss.schedule where name = ${remindersTask.name}`);
    const worker = await startWorkerProcess(loadConfig({ DATABASE_URL: scratch.url, SMTP_URL: smtp.url }), Fastify({ logger: false }).log);
    try {
      const result = (await db().execute(sql`select cron from pgboss.schedule where name = ${remindersTask.name}`)) as unknown as Rows<{ cron: string }>;
      expect(result.rows).toEqual([{ cron: "* * * * *" }]);
    } finally {
      await worker.stop();
    }
  });
});
