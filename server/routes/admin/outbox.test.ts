import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutboxMail } from "@common/contract/customers";
import { appWithUsers, appWithUsersForTests, createAdmin, registerUser, type TestUser } from "../../testing/factories";
import { jobsAppWithMail } from "../../testing/jobs";
import { registeredRoutes } from "../../testing/registered-routes";
import { startSmtpPeer } from "../../testing/smtp-peer";
import { createTestApp, type TestApp } from "../../testing/test-app";

const MAIL_WAIT = { timeout: 20_000, interval: 100 };
const inquiry = {
  name: "Ada Orchard",
  email: "someone@example.com",
  phone: "5550102024",
  service: "agriculture",
  message: "Can you map our orchard this spring?",
};

const outboxOf = async (t: TestApp, admin: TestUser): Promise<OutboxMail[]> => {
  const res = await t.app.inject({ method: "GET", url: "/api/admin/outbox", headers: { cookie: admin.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe("GET /api/admin/outbox with mail reaching SMTP", () => {
  let harness: Awaited<ReturnType<typeof jobsAppWithMail>>;
  let t: TestApp, admin: TestUser, customer: TestUser, other: TestUser, pilot: TestUser;
  beforeAll(async () => {
    harness = await jobsAppWithMail();
    ({ t } = harness);
    [admin, customer, pilot] = harness.users;
    other = await registerUser(t);
  });
  afterAll(async () => {
    await t.close();
    await harness.smtp.close();
  });

  it("lets only admins read it: 401 visitor, 403 a customer, another customer and a pilot", async () => {
    const expected = { visitor: 401, customer: 403, other: 403, pilot: 403, admin: 200 };
    const callers = { visitor: undefined, customer, other, pilot, admin };
    for (const [name, user] of Object.entries(callers)) {
      const res = await t.app.inject({ method: "GET", url: "/api/admin/outbox", headers: user ? { cookie: user.cookie } : {} });
      expect({ name, status: res.statusCode }).toEqual({ name, status: expected[name as keyof typeof expected] });
    }
  });

  it("shows each mail sent, newest first, with its attachments by name and type, never their content", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/contact", payload: inquiry })).statusCode).toBe(201);
    const jobId = await harness.drive.jobAt(customer, "scheduled");
    await expect.poll(async () => (await outboxOf(t, admin)).filter((mail) => mail.state === "sent").length, MAIL_WAIT).toBe(2);

    const [scheduled, inquired] = await outboxOf(t, admin);
    expect(inquired).toMatchObject({
      to: admin.user.email,
      subject: "New inquiry from Ada Orchard",
      state: "sent",
      attempts: 1,
      lastError: null,
      attachments: [],
    });
    expect(inquired!.text).toContain("Can you map our orchard this spring?");
    expect(scheduled).toMatchObject({
      to: customer.user.email,
      state: "sent",
      attempts: 1,
      lastError: null,
      attachments: [{ filename: `job-${jobId}.ics`, contentType: "text/calendar; charset=utf-8; method=PUBLISH" }],
    });
    expect(Date.parse(scheduled!.createdAt)).toBeGreaterThanOrEqual(Date.parse(inquired!.createdAt));
    expect(Date.parse(scheduled!.sentAt!)).toBeGreaterThanOrEqual(Date.parse(scheduled!.createdAt));
    expect(Object.keys(scheduled!.attachments[0]!).sort()).toEqual(["contentType", "filename"]);

    // What SMTP received is that mail: its id is the Message-ID, and the .ics went with it.
    const received = harness.smtp.inbox.find((mail) => mail.to === customer.user.email);
    expect(received?.raw).toContain(`<${scheduled!.id}@`);
    expect(received?.raw).toContain(`filename=job-${jobId}.ics`);
    const answer = (await t.app.inject({ method: "GET", url: "/api/admin/outbox", headers: { cookie: admin.cookie } })).body;
    expect(answer).not.toContain("VCALENDAR");
  });

  it("never holds a password-reset mail: its job makes the link and mails it in one step", async () => {
    const before = (await outboxOf(t, admin)).length;
    expect((await t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: other.user.email } })).statusCode).toBe(200);
    await expect.poll(() => harness.smtp.inbox.some((mail) => mail.to === other.user.email), MAIL_WAIT).toBe(true);
    const mails = await outboxOf(t, admin);
    expect(mails).toHaveLength(before);
    expect(JSON.stringify(mails)).not.toMatch(/reset-password|Reset your/);
  });
});

describe("GET /api/admin/outbox while SMTP refuses", () => {
  it("shows the mail retrying, with its attempts and the last error", async () => {
    const probe = await startSmtpPeer();
    const port = Number(new URL(probe.url).port);
    await probe.close();
    const {
      t,
      users: [admin],
    } = await appWithUsers(["admin"], { SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      expect((await t.app.inject({ method: "POST", url: "/api/contact", payload: inquiry })).statusCode).toBe(201);
      // Read once per look: between two reads the next attempt may already be under way.
      let mail: OutboxMail | undefined;
      await expect
        .poll(async () => {
          [mail] = await outboxOf(t, admin);
          return mail?.state;
        }, MAIL_WAIT)
        .toBe("retrying");
      expect(mail).toMatchObject({ to: admin.user.email, sentAt: null });
      expect(mail!.attempts).toBeGreaterThanOrEqual(1);
      expect(mail!.lastError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await t.close();
    }
  });
});

describe("the Outbox's states", () => {
  let t: TestApp, admin: TestUser;
  appWithUsersForTests(["admin"], (made) => {
    t = made.t;
    [admin] = made.users;
  });

  it("names each of pg-boss's job states as people read them", async () => {
    // Rows as pg-boss leaves them in each state; those still to run wait a day, so no worker takes them meanwhile.
    const later = sql`now() + interval '1 day'`;
    const rows = [
      { state: "created", retries: 0, started: false, output: null, startAfter: later },
      { state: "active", retries: 0, started: true, output: null, startAfter: sql`now()` },
      { state: "retry", retries: 2, started: true, output: { message: "connect ECONNREFUSED 127.0.0.1:2525" }, startAfter: later },
      { state: "failed", retries: 20, started: true, output: { value: { message: "job timed out" } }, startAfter: sql`now()` },
      { state: "cancelled", retries: 0, started: false, output: null, startAfter: sql`now()` },
      { state: "completed", retries: 0, started: true, output: null, startAfter: sql`now()` },
    ];
    for (const [index, row] of rows.entries()) {
      const data = { to: `${row.state}@example.com`, subject: row.state, text: "Hello", html: "<p>Hello</p>" };
      await t.database.db.execute(sql`
        insert into pgboss.job (name, data, state, retry_count, started_on, completed_on, output, start_after, created_on)
        values ('mail', ${JSON.stringify(data)}::jsonb, ${row.state}::pgboss.job_state, ${row.retries},
          ${row.started ? sql`now()` : null}, ${["completed", "failed", "cancelled"].includes(row.state) ? sql`now()` : null},
          ${row.output === null ? null : JSON.stringify(row.output)}::jsonb, ${row.startAfter}, now() - make_interval(mins => ${60 - index}))`);
    }
    const mails = await outboxOf(t, admin);
    expect(mails.map((mail) => [mail.subject, mail.state, mail.attempts, mail.lastError, mail.sentAt === null])).toEqual([
      ["completed", "sent", 1, null, false],
      ["cancelled", "cancelled", 0, null, true],
      ["failed", "failed", 21, "job timed out", true],
      ["retry", "retrying", 3, "connect ECONNREFUSED 127.0.0.1:2525", true],
      ["active", "sending", 1, null, true],
      ["created", "queued", 0, null, true],
    ]);
  });

  it("shows at most the newest 200", async () => {
    await t.database.db.execute(sql`
      insert into pgboss.job (name, data, state, completed_on, created_on)
      select 'mail', jsonb_build_object('to', 'bulk@example.com', 'subject', 'Bulk ' || n, 'text', 'Hello', 'html', ''), 'completed', now(), now() - interval '1 day' + n * interval '1 second'
      from generate_series(1, 210) as n`);
    const mails = await outboxOf(t, admin);
    expect(mails).toHaveLength(200);
    expect(mails.slice(0, 2).map((mail) => mail.subject)).toEqual(["completed", "cancelled"]);
    expect(mails.at(-1)!.subject).toBe("Bulk 17");
  });

  it("says a mail was not sent when no mail server is configured (SMTP_URL unset), never that it was sent", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/contact", payload: { ...inquiry, name: "Nora Nomail" } })).statusCode).toBe(201);
    let mail: OutboxMail | undefined;
    await expect
      .poll(async () => {
        mail = (await outboxOf(t, admin)).find((candidate) => candidate.subject === "New inquiry from Nora Nomail");
        return mail?.state;
      }, MAIL_WAIT)
      .toBe("unsent");
    expect(mail).toMatchObject({ to: admin.user.email, attempts: 1, lastError: null, sentAt: null });
  });
});

describe("in production", () => {
  it("does not exist: 404 for an admin, and no such route", async () => {
    const t = await createTestApp({ NODE_ENV: "production", PUBLIC_URL: "https://skyvantage.test" });
    try {
      const admin = await createAdmin(t);
      const res = await t.app.inject({ method: "GET", url: "/api/admin/outbox", headers: { cookie: admin.cookie } });
      expect(res.statusCode).toBe(404);
      expect(registeredRoutes(t.app).map(([method, path]) => `${method} ${path}`)).not.toContain("GET /api/admin/outbox");
      expect((await t.app.inject({ method: "GET", url: "/api/admin/customers", headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
