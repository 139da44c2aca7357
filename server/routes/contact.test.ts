import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions } from "../db/schema";
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
