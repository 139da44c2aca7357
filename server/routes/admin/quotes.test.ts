import { describe, expect, it } from "vitest";
import { QUOTE_PRICE_RULE } from "@common/quotes";
import { appWithUsersForTests, type TestUser } from "../../testing/factories";
import { postQuoteRequest } from "../../testing/jobs";
import type { TestApp } from "../../testing/test-app";

describe("quote status on the server", () => {
  let t: TestApp, admin: TestUser, customer: TestUser;
  appWithUsersForTests(["admin", "customer"], (made) => {
    t = made.t;
    [admin, customer] = made.users;
  });

  const newQuote = async () => {
    const res = await postQuoteRequest(t, customer, { serviceType: "solar", description: "Survey 40 acres" });
    return res.json().data.quoteId as number;
  };
  const patch = (id: number, payload: object) => t.app.inject({ method: "PATCH", url: `/api/admin/quotes/${id}`, headers: { cookie: admin.cookie }, payload });
  const customerStatus = async (id: number) =>
    (await t.app.inject({ method: "GET", url: "/api/quotes", headers: { cookie: customer.cookie } })).json().data.find((q: { id: number }) => q.id === id);

  it("approves with a price; completing waits for the job's delivery (quote-stage.test.ts completes one)", async () => {
    const id = await newQuote();
    const accepted = await patch(id, { status: "accepted", price: 125_000 });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().message).toBe("Quote request accepted");
    expect(await customerStatus(id)).toMatchObject({ status: "accepted", price: 125_000 });
    expect((await patch(id, { status: "completed" })).statusCode).toBe(409);
    expect((await customerStatus(id)).status).toBe("accepted");
  });

  it("declines a pending quote and refuses to complete it afterwards", async () => {
    const id = await newQuote();
    expect((await patch(id, { status: "declined" })).statusCode).toBe(200);
    expect((await customerStatus(id)).status).toBe("declined");
    expect((await patch(id, { status: "completed" })).statusCode).toBe(409);
  });

  it("refuses to complete a pending quote, an unknown status and a price on decline", async () => {
    const id = await newQuote();
    expect((await patch(id, { status: "completed" })).statusCode).toBe(409);
    expect((await patch(id, { status: "approved" })).statusCode).toBe(400);
    expect((await patch(id, { status: "declined", price: 500 })).statusCode).toBe(400);
    expect((await patch(999_999, { status: "accepted" })).statusCode).toBe(404);
  });

  it.each([50, 99, 10_000_001, 1.5])("refuses a price that is not whole cents from $1.00 to $100,000.00 (%s cents), naming the field", async (price) => {
    const res = await patch(await newQuote(), { status: "accepted", price });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ price: QUOTE_PRICE_RULE });
  });

  it("takes a price to the cent: $3,850.50 is stored as 385050", async () => {
    const id = await newQuote();
    expect((await patch(id, { status: "accepted", price: 385_050 })).statusCode).toBe(200);
    expect(await customerStatus(id)).toMatchObject({ status: "accepted", price: 385_050 });
  });

  it("lists every quote with its customer for admins, and the job it opened", async () => {
    const id = await newQuote();
    const res = await t.app.inject({ method: "GET", url: "/api/admin/quotes", headers: { cookie: admin.cookie } });
    const listed = res.json().data.find((quote: { id: number }) => quote.id === id);
    expect(listed).toMatchObject({ userId: customer.user.id, customerEmail: customer.user.email });
    const jobs = await t.app.inject({ method: "GET", url: "/api/admin/jobs", headers: { cookie: admin.cookie } });
    const opened = jobs.json().data.find((job: { quoteId: number | null }) => job.quoteId === id);
    expect(opened).toBeDefined();
    expect(listed.jobId).toBe(opened.id);
  });
});
