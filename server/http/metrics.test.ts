import { describe, expect, it } from "vitest";
import { appWithUsersForTests, type TestUser } from "../testing/factories";
import type { TestApp } from "../testing/test-app";

describe("GET /api/metrics", () => {
  let t: TestApp, admin: TestUser, customer: TestUser;
  appWithUsersForTests(["admin", "customer"], (made) => {
    t = made.t;
    [admin, customer] = made.users;
  });

  const metrics = async () => (await t.app.inject({ method: "GET", url: "/api/metrics", headers: { cookie: admin.cookie } })).body;

  it("refuses visitors (401) and customers (403)", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/metrics" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/metrics", headers: { cookie: customer.cookie } })).statusCode).toBe(403);
  });

  it("counts requests by route pattern and status, with their latency", async () => {
    await t.app.inject({ method: "GET", url: "/api/health" });
    await t.app.inject({ method: "GET", url: "/api/media/12345/file" });
    const text = await metrics();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]/);
    // Ids stay out of the labels: the pattern is counted (a 404 here: no such media).
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/media\/:id\/file",status="404"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/api\/health",status_class="2xx"\}/);
    expect(text).not.toContain("12345");
  });

  it("counts refused uploads by kind", async () => {
    await t.app.inject({ method: "POST", url: "/api/admin/media", headers: { cookie: admin.cookie, "content-type": "application/json" }, payload: {} });
    expect(await metrics()).toMatch(/uploads_total\{kind="media",outcome="refused"\} 1/);
  });
});
