import Fastify from "fastify";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import type { Mailer, MailMessage } from "./mailer";
import { createAdmin, registerUser } from "../testing/factories";
import { createScratchDatabase, type ScratchDatabase } from "../testing/scratch-database";
import { startSmtpPeer } from "../testing/smtp-peer";
import { createTestApp, type TestApp } from "../testing/test-app";
import { type Database, openDatabase } from "../db/client";
import { startQueue } from "../queue/queue";
import { tasks } from "../tasks";
import { startWorkerProcess } from "../worker-process";

// Several instances need PostgreSQL whatever the run uses (CI and this machine always have one).
const BASE_DATABASE_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const MAIL_WAIT = { timeout: 20_000, interval: 100 };

type Rows<T> = { rows: T[] };

/** The outbox's jobs of one queue by state, read from pg-boss's own table. */
async function jobStates(db: Database, queue: string): Promise<{ total: number; completed: number; retried: number }> {
  const result = (await db.execute(
    sql`select count(*)::int as total, (count(*) filter (where state = 'completed'))::int as completed, coalesce(max(retry_count), 0)::int as retried from pgboss.job where name = ${queue}`,
  )) as unknown as Rows<{ total: number; completed: number; retried: number }>;
  return result.rows[0]!;
}

const inquiry = (name: string) => ({
  name,
  email: "someone@example.com",
  phone: "5550102024",
  service: "agriculture",
  message: "Can you map our orchard this spring?",
});
const messageIdOf = (raw: string) => /^Message-ID:\s*(\S+)/im.exec(raw)?.[1];

describe("the mail outbox while SMTP is down", () => {
  it("keeps the mails and delivers each once when SMTP is back", async () => {
    const probe = await startSmtpPeer();
    const port = Number(new URL(probe.url).port);
    await probe.close();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: "https://skyvantage.test" });
    let smtp: Awaited<ReturnType<typeof startSmtpPeer>> | undefined;
    try {
      const admin = await createAdmin(t);
      const customer = await registerUser(t, { email: "outage@example.com" });
      const forgot = await t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: customer.user.email } });
      const contact = await t.app.inject({ method: "POST", url: "/api/contact", payload: inquiry("Ada Outage") });
      expect(forgot.statusCode).toBe(200);
      expect(contact.statusCode).toBe(201);

      // Both were tried and refused at least once before SMTP comes back.
      await expect.poll(async () => (await jobStates(t.database.db, "password-reset")).retried, MAIL_WAIT).toBeGreaterThan(0);
      await expect.poll(async () => (await jobStates(t.database.db, "mail")).retried, MAIL_WAIT).toBeGreaterThan(0);

      smtp = await startSmtpPeer(port);
      await expect.poll(async () => (await jobStates(t.database.db, "password-reset")).completed, MAIL_WAIT).toBe(1);
      await expect.poll(async () => (await jobStates(t.database.db, "mail")).completed, MAIL_WAIT).toBe(1);
      expect(smtp.inbox.map((mail) => mail.to).sort()).toEqual([admin.user.email, customer.user.email].sort());
      expect(smtp.inbox.find((mail) => mail.to === customer.user.email)?.raw).toContain("https://skyvantage.test/reset-password?token=");
    } finally {
      await t.close();
      await smtp?.close();
    }
  });
});

describe("two instances on one PostgreSQL database", () => {
  let scratch: ScratchDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let apps: TestApp[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(BASE_DATABASE_URL, "skyvantage_outbox");
    smtp = await startSmtpPeer();
    const env = { SMTP_URL: smtp.url, PUBLIC_URL: "https://skyvantage.test" };
    // One after the other: both migrate the same database on start.
    apps = [await createTestApp(env, { databaseUrl: scratch.url }), await createTestApp(env, { databaseUrl: scratch.url })];
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await smtp.close();
    await scratch.drop();
  });

  it("send each queued mail exactly once, whichever instance took the request", async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const admin = await createAdmin(first);
    const customers = await Promise.all([1, 2, 3, 4].map((n) => registerUser(second, { email: `twice-${n}@example.com` })));
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, n) => (n % 2 ? first : second).app.inject({ method: "POST", url: "/api/contact", payload: inquiry(`Visitor ${n}`) })),
      ...customers.map((c, n) => (n % 2 ? second : first).app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: c.user.email } })),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([...Array(20).fill(201), ...Array(4).fill(200)].sort());

    await expect.poll(async () => (await jobStates(first.database.db, "mail")).completed, MAIL_WAIT).toBe(20);
    await expect.poll(async () => (await jobStates(first.database.db, "password-reset")).completed, MAIL_WAIT).toBe(4);
    const toAdmin = smtp.inbox.filter((mail) => mail.to === admin.user.email);
    expect(toAdmin).toHaveLength(20);
    expect(new Set(toAdmin.map((mail) => /New inquiry from (Visitor \d+)/.exec(mail.raw)?.[1])).size).toBe(20);
    expect(new Set(toAdmin.map((mail) => messageIdOf(mail.raw))).size).toBe(20);
    expect(
      smtp.inbox
        .filter((mail) => mail.to !== admin.user.email)
        .map((mail) => mail.to)
        .sort(),
    ).toEqual(customers.map((c) => c.user.email).sort());
  });
});

describe("workers apart from the web servers (QUEUE_WORKERS=false)", () => {
  const recorder = () => {
    const sent: MailMessage[] = [];
    const mailer: Mailer = { send: async (message) => (sent.push(message), { delivered: true }) };
    return { sent, mailer };
  };

  it("the web app only queues, and `npm run worker` sends", async () => {
    const scratch = await createScratchDatabase(BASE_DATABASE_URL, "skyvantage_worker");
    const web = recorder();
    const worker = recorder();
    const t = await createTestApp({ QUEUE_WORKERS: "false" }, { databaseUrl: scratch.url, mailer: web.mailer });
    let workerProcess: Awaited<ReturnType<typeof startWorkerProcess>> | undefined;
    try {
      const admin = await createAdmin(t);
      expect((await t.app.inject({ method: "POST", url: "/api/contact", payload: inquiry("Grace Apart") })).statusCode).toBe(201);
      expect(await jobStates(t.database.db, "mail")).toEqual({ total: 1, completed: 0, retried: 0 });

      workerProcess = await startWorkerProcess(loadConfig({ DATABASE_URL: scratch.url, QUEUE_RETRY_DELAY_SECONDS: "1" }), Fastify({ logger: false }).log, {
        mailer: worker.mailer,
      });
      await expect.poll(() => worker.sent.map((mail) => mail.to), MAIL_WAIT).toEqual([admin.user.email]);
      expect(web.sent).toEqual([]);
    } finally {
      await workerProcess?.stop();
      await t.close();
      await scratch.drop();
    }
  });

  it("are refused without PostgreSQL, naming DATABASE_URL", async () => {
    expect(() => loadConfig({ QUEUE_WORKERS: "false" })).toThrow(/QUEUE_WORKERS: false needs DATABASE_URL/);
    await expect(startWorkerProcess(loadConfig({}), Fastify({ logger: false }).log)).rejects.toThrow(/npm run worker needs DATABASE_URL/);
  });
});

describe("the queue's tables with MIGRATE_ON_START=false", () => {
  it("are left to `npm run db:migrate`: start refuses plainly until they exist", async () => {
    const scratch = await createScratchDatabase(BASE_DATABASE_URL, "skyvantage_queue_migrate");
    const database = await openDatabase({ databaseUrl: scratch.url });
    try {
      await expect(startQueue(database, { log: console, retryDelaySeconds: 1, migrate: false, tasks })).rejects.toThrow(/run `npm run db:migrate`/);
      await (await startQueue(database, { log: console, retryDelaySeconds: 1, tasks })).stop();
      await (await startQueue(database, { log: console, retryDelaySeconds: 1, migrate: false, tasks })).stop();
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
