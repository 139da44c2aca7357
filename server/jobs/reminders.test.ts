import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quotes, services, users } from "../db/schema";
import { createAdmin, registerUser, type TestUser } from "../testing/factories";
import { jobDriver, jobsAppWithMail } from "../testing/jobs";
import { createScratchDatabase, type ScratchDatabase } from "../testing/scratch-database";
import { startSmtpPeer } from "../testing/smtp-peer";
import { createTestApp, type TestApp } from "../testing/test-app";
import { workingDaysBefore } from "./reminders";

// Several instances need PostgreSQL whatever the run uses (as in server/queue/mail-outbox.test.ts).
const BASE_DATABASE_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const WAIT = { timeout: 15_000, interval: 100 };
const HOUR_MS = 3_600_000;

/** A window starting `hours` from now, an hour long. */
const windowIn = (hours: number) => ({ scheduledStart: new Date(Date.now() + hours * HOUR_MS).toISOString(), scheduledEnd: new Date(Date.now() + (hours + 1) * HOUR_MS).toISOString() });

it("counts two working days back over a weekend", () => {
  expect(workingDaysBefore(new Date("2026-11-24T10:00:00Z"), 2).toISOString()).toBe("2026-11-20T10:00:00.000Z"); // Tuesday → Friday
  expect(workingDaysBefore(new Date("2026-11-26T10:00:00Z"), 2).toISOString()).toBe("2026-11-24T10:00:00.000Z"); // Thursday → Tuesday
});

describe("reminders on one instance", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser;
  let drive: ReturnType<typeof jobDriver>;
  beforeAll(async () => {
    ({ smtp, t, users: [admin, customer, pilot], drive } = await jobsAppWithMail({ REMINDER_INTERVAL_SECONDS: "1" }));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const count = (address: string, subject: RegExp) => smtp.inbox.filter((mail) => mail.to === address && subject.test(mail.raw)).length;

  it("reminds the customer and the pilot the day before a flight, once per window", async () => {
    const id = await drive.jobAt(customer, "accepted");
    expect((await drive.patch(id, { status: "scheduled", ...windowIn(30), pilotId: pilot.user.id })).statusCode).toBe(200);
    // More than a day ahead: nothing yet. Moved to tomorrow: one reminder each.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(count(customer.user.email, /Subject: Tomorrow:/)).toBe(0);
    expect((await drive.patch(id, { status: "scheduled", ...windowIn(5), pilotId: pilot.user.id, reason: "Weather hold" })).statusCode).toBe(200);
    await expect.poll(() => count(customer.user.email, /Subject: Tomorrow: Roof survey/), WAIT).toBe(1);
    await expect.poll(() => count(pilot.user.email, /Subject: Tomorrow: Roof survey/), WAIT).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(count(customer.user.email, /Subject: Tomorrow:/)).toBe(1);
  });

  it("reminds the admins of a quote request pending for two working days, once", async () => {
    const { quoteId } = await drive.requestQuote(customer);
    await t.database.db.update(quotes).set({ createdAt: new Date(Date.now() - 5 * 24 * HOUR_MS) }).where(eq(quotes.id, quoteId));
    await expect.poll(() => count(admin.user.email, /Subject: A quote request waits for an answer/), WAIT).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(count(admin.user.email, /Subject: A quote request waits for an answer/)).toBe(1);
  });
});

describe("reminders with two instances on one PostgreSQL database", () => {
  let scratch: ScratchDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let apps: TestApp[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(BASE_DATABASE_URL, "skyvantage_reminders");
    smtp = await startSmtpPeer();
    const env = { SMTP_URL: smtp.url, REMINDER_INTERVAL_SECONDS: "1" };
    // One after the other: both migrate the same database on start.
    apps = [await createTestApp(env, { databaseUrl: scratch.url }), await createTestApp(env, { databaseUrl: scratch.url })];
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await smtp.close();
    await scratch.drop();
  });

  it("mails a reminder due while both run once", async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const admin = await createAdmin(first);
    const customer = await registerUser(second);
    const pilot = await registerUser(first);
    await first.database.db.update(users).set({ role: "pilot" }).where(eq(users.id, pilot.user.id));
    const [service] = await first.database.db.select({ id: services.id }).from(services).limit(1);
    const drive = jobDriver(second, admin, pilot, service!.id);
    const id = await drive.jobAt(customer, "accepted");
    expect((await drive.patch(id, { status: "scheduled", ...windowIn(3), pilotId: pilot.user.id })).statusCode).toBe(200);

    const reminders = (address: string) => smtp.inbox.filter((mail) => mail.to === address && /Subject: Tomorrow:/.test(mail.raw)).length;
    await expect.poll(() => reminders(customer.user.email), WAIT).toBe(1);
    await expect.poll(() => reminders(pilot.user.email), WAIT).toBe(1);
    // Several more sweeps of both instances: still one each.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect([reminders(customer.user.email), reminders(pilot.user.email)]).toEqual([1, 1]);
  });
});
