import { describe, expect, it } from "vitest";
import type { JobDetail } from "@common/contract/jobs";
import { formatQuoteMessage } from "@common/quotes";
import { appWithUsersForTests, type TestUser } from "../testing/factories";
import { moveBody } from "../testing/jobs";
import type { TestApp } from "../testing/test-app";

// docs/decisions/0045-what-a-pilot-sees.md: a pilot flies the job and reads what it is about, but
// never what the customer pays or meant to spend.
describe("what a pilot sees of a quote request's job", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser;
  let jobId: number;
  const call = (method: "GET" | "POST" | "PATCH", url: string, user: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

  appWithUsersForTests(["admin", "customer", "pilot"], async (made) => {
    t = made.t;
    [admin, customer, pilot] = made.users;
    const message = formatQuoteMessage({ serviceType: "solar", description: "Survey our 2 MW array", budget: "$4,000 to $5,000", timeline: "June" });
    const asked = await call("POST", "/api/contact", customer, { name: "Customer", email: customer.user.email, service: "solar", message });
    expect(asked.statusCode, asked.body).toBe(201);
    const { quoteId, jobId: opened } = asked.json().data as { quoteId: number; jobId: number };
    jobId = opened;
    const accepted = await call("PATCH", `/api/admin/quotes/${quoteId}`, admin, { status: "accepted", price: 450_000 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const scheduled = await call("PATCH", `/api/admin/jobs/${jobId}`, admin, moveBody("scheduled", pilot.user.id));
    expect(scheduled.statusCode, scheduled.body).toBe(200);
  });

  const detail = async (user: TestUser) => {
    const res = await call("GET", `/api/jobs/${jobId}`, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as JobDetail;
  };

  it("the customer and the admins see the quote's price and the budget", async () => {
    for (const user of [customer, admin]) {
      expect((await detail(user)).quote).toMatchObject({ price: 450_000, budget: "$4,000 to $5,000", description: "Survey our 2 MW array" });
    }
  });

  it("the job's pilot sees the request's service, description and timeline, but neither its price nor the budget, nor any payment", async () => {
    const seen = await detail(pilot);
    expect(seen.pilotId).toBe(pilot.user.id);
    expect(seen.quote).toMatchObject({ price: null, budget: "", serviceType: "solar", description: "Survey our 2 MW array", timeline: "June" });
    expect(seen.payments).toEqual([]);
    expect(JSON.stringify(seen)).not.toMatch(/450000|4,000/);
  });

  it("nor in the answer to a move the pilot makes", async () => {
    const flown = await call("PATCH", `/api/admin/jobs/${jobId}`, pilot, moveBody("flown", pilot.user.id));
    expect(flown.statusCode, flown.body).toBe(200);
    const data = flown.json().data as JobDetail;
    expect(data.quote).toMatchObject({ price: null, budget: "" });
    expect(JSON.stringify(data)).not.toMatch(/450000|4,000/);
  });
});
