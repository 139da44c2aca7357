import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";

const inquiry = { name: "Ada", email: "ada@example.com", phone: "5550102024", service: "solar", message: "Inspect our array please." };

describe("GET /api/health and a database outage", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers 200 { status: ok } while the database answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("answers 503 on health and on writes once the database is gone, without crashing", async () => {
    await t.database.close();
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    const write = await t.app.inject({ method: "POST", url: "/api/contact", payload: inquiry });
    expect(write.statusCode).toBe(503);
    expect(write.json().message).toMatch(/temporarily unavailable/);
    t.database.close = async () => undefined;
  });
});
