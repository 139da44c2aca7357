import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatQuoteMessage } from "@common/quotes";
import { contactSubmissions, jobs, quotes } from "../db/schema";
import { readOutbox } from "../mail/outbox";
import { appWithUsersForTests, type TestUser } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";

const valid = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "555-010-2024",
  service: "solar",
  message: "Please inspect our 2 MW array next month.",
};

describe("POST /api/contact", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_CONTACT_MAX: "3" });
  });
  afterAll(() => t.close());

  // Each test sends from its own address so the per-address limit of 3 only bites where meant.
  let address = 0;
  const post = (payload: unknown, remoteAddress = `10.0.0.${++address}`) =>
    t.app.inject({ method: "POST", url: "/api/contact", payload: payload as object, remoteAddress });

  it("stores a valid inquiry and answers 201", async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.success).toBe(true);
    const [row] = await t.database.db.select().from(contactSubmissions).orderBy(desc(contactSubmissions.id)).limit(1);
    expect(row).toMatchObject({ id: body.data.id, name: valid.name, email: valid.email, phone: valid.phone, service: "solar", message: valid.message });
  });

  it("rejects each invalid field with its documented message, naming the field", async () => {
    const res = await post({ name: "A", email: "not-an-email", phone: "123", service: "", message: "short" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      phone: "Please enter a valid phone number",
      service: "Please select a service",
      message: "Message must be at least 10 characters",
    });
  });

  it("rejects a missing body field", async () => {
    const { message: _message, ...withoutMessage } = valid;
    const res = await post(withoutMessage);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(["message"]);
  });

  it("drops a submission whose honeypot is filled, answering as if stored", async () => {
    const before = await t.database.db.$count(contactSubmissions);
    const res = await post({ ...valid, website: "http://spam.example" });
    expect(res.statusCode).toBe(201);
    expect(await t.database.db.$count(contactSubmissions)).toBe(before);
  });

  it("limits inquiries per client address with 429 and a clear message", async () => {
    const from = "10.9.9.9";
    for (let i = 0; i < 3; i++) expect((await post(valid, from)).statusCode).toBe(201);
    const limited = await post(valid, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/too many messages/i);
    expect((await post(valid, "10.9.9.10")).statusCode).toBe(201);
  });

  it("rejects a body that is not JSON with 415", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/contact", payload: "<contact/>", headers: { "content-type": "application/xml" } });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBeTruthy();
  });
});

describe("POST /api/contact never acknowledges a message the admins will not hear of", () => {
  let t: TestApp, admin: TestUser, customer: TestUser;
  appWithUsersForTests(["admin", "customer"], (made) => {
    t = made.t;
    [admin, customer] = made.users;
  });

  const mailsAbout = async (subject: string) => (await readOutbox(t.database.db)).filter((mail) => mail.subject === subject);
  const counts = async () => ({
    contacts: await t.database.db.$count(contactSubmissions),
    quotes: await t.database.db.$count(quotes),
    jobs: await t.database.db.$count(jobs),
  });
  const quoteMessage = formatQuoteMessage({ serviceType: "solar", description: "A 2 MW array near Austin", budget: "", timeline: "" });

  it("refuses an inquiry holding a lone UTF-16 surrogate with 400 naming the field, storing nothing", async () => {
    const before = await counts();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { ...valid, name: "Ada \ud83d", message: "Please call me back \udc00 about the array." },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: "name must not contain a broken character (a lone UTF-16 surrogate)",
      message: "message must not contain a broken character (a lone UTF-16 surrogate)",
    });
    expect(await counts()).toEqual(before);
  });

  it("stores an inquiry with an emoji (a whole surrogate pair) and queues its mail to the admins", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/contact", payload: { ...valid, name: "Ada 🚁 Lovelace" } });
    expect(res.statusCode, res.body).toBe(201);
    expect(await mailsAbout("New inquiry from Ada 🚁 Lovelace")).toEqual([expect.objectContaining({ to: admin.user.email })]);
  });

  describe("when the mail cannot be queued", () => {
    // Every insert into the queue's job table fails, as when its database refuses the payload.
    beforeAll(async () => {
      await t.database.db.execute(
        sql.raw("create function refuse_jobs() returns trigger language plpgsql as $$ begin raise exception 'queue refuses jobs'; end $$"),
      );
      await t.database.db.execute(sql.raw("create trigger refuse_jobs before insert on pgboss.job for each row execute function refuse_jobs()"));
    });
    afterAll(async () => {
      await t.database.db.execute(sql.raw("drop trigger refuse_jobs on pgboss.job"));
      await t.database.db.execute(sql.raw("drop function refuse_jobs()"));
    });

    it("fails an inquiry with 503 and keeps nothing of it, so a retry makes no second copy", async () => {
      const before = await counts();
      const res = await t.app.inject({ method: "POST", url: "/api/contact", payload: { ...valid, name: "Grace Hopper" } });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe("Your message could not be sent just now. Please try again in a moment.");
      expect(await counts()).toEqual(before);
    });

    it("fails a quote request with 503 and keeps neither its submission, its quote nor its job", async () => {
      const before = await counts();
      const res = await t.app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { cookie: customer.cookie },
        payload: { ...valid, service: "solar", message: quoteMessage },
      });
      expect(res.statusCode).toBe(503);
      expect(await counts()).toEqual(before);
    });
  });

  it("takes the same inquiry and quote request once the queue stores mail again, and queues both mails", async () => {
    const inquiry = await t.app.inject({ method: "POST", url: "/api/contact", payload: { ...valid, name: "Grace Hopper" } });
    expect(inquiry.statusCode, inquiry.body).toBe(201);
    const quote = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { cookie: customer.cookie },
      payload: { ...valid, service: "solar", message: quoteMessage },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    expect(await mailsAbout("New inquiry from Grace Hopper")).toHaveLength(1);
    expect(await t.database.db.$count(contactSubmissions, eq(contactSubmissions.name, "Grace Hopper"))).toBe(1);
    expect((await readOutbox(t.database.db)).filter((mail) => mail.subject.startsWith("New quote request from"))).toHaveLength(1);
  });
});
