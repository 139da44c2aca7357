import { beforeAll, describe, expect, it } from "vitest";
import { DECLINE_REASON_RULE } from "@common/quotes";
import { appWithUsersForTests, type TestUser } from "../../testing/factories";
import { postQuoteRequest } from "../../testing/jobs";
import type { TestApp } from "../../testing/test-app";

/** The back office's inbox: contact and quote lists paged and searched on the server, and a decline's reason. */
describe("the inbox's lists and a decline's reason", () => {
  let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser;
  appWithUsersForTests(["admin", "customer", "pilot"], (made) => {
    t = made.t;
    [admin, customer, pilot] = made.users;
  });

  let address = 0;
  const inquiry = (name: string, message: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/contact",
      remoteAddress: `10.1.0.${++address}`,
      payload: { name, email: `${name.toLowerCase()}@example.com`, phone: "555-010-2024", service: "photography", message },
    });
  const quoteRequest = async (description: string) => {
    const res = await postQuoteRequest(t, customer, { serviceType: "solar", description, budget: "$4,000" });
    return res.json().data.quoteId as number;
  };
  const get = (url: string, cookie = admin.cookie) => t.app.inject({ method: "GET", url, headers: { cookie } });
  const patch = (id: number, payload: object, cookie = admin.cookie) =>
    t.app.inject({ method: "PATCH", url: `/api/admin/quotes/${id}`, headers: { cookie }, payload });
  const myQuote = async (id: number) => (await get("/api/quotes", customer.cookie)).json().data.find((quote: { id: number }) => quote.id === id);

  let pendingId: number, declinedId: number;
  beforeAll(async () => {
    for (const name of ["Anna", "Boris", "Chloe", "Dmitri", "Emma"]) await inquiry(name, `${name} would like aerial photos of the harbour.`);
    await inquiry("Zelda", "Wedding video at the lighthouse, please.");
    pendingId = await quoteRequest("Thermal scan of the barn roof");
    declinedId = await quoteRequest("Inspect the wind turbine blades");
  });

  describe("GET /api/contact", () => {
    it("answers every submission with its total when asked for no page, as before", async () => {
      const res = await get("/api/contact");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, total: 8 });
      expect(res.json().data).toHaveLength(8);
    });

    it("pages the inquiries alone, newest first, with the total matching", async () => {
      const first = (await get("/api/contact?kind=message&page=1&pageSize=4")).json();
      expect(first.total).toBe(6);
      expect(first.data.map((row: { name: string }) => row.name)).toEqual(["Zelda", "Emma", "Dmitri", "Chloe"]);
      const second = (await get("/api/contact?kind=message&page=2&pageSize=4")).json();
      expect(second.data.map((row: { name: string }) => row.name)).toEqual(["Boris", "Anna"]);
    });

    it("lists the quote requests alone with kind=quote", async () => {
      const res = (await get("/api/contact?kind=quote")).json();
      expect(res.total).toBe(2);
      expect(res.data.every((row: { message: string }) => row.message.startsWith("CUSTOM QUOTE REQUEST:"))).toBe(true);
    });

    it("searches names, e-mails and messages whatever their case, taking % as itself", async () => {
      expect((await get("/api/contact?q=LIGHTHOUSE&page=1")).json()).toMatchObject({ total: 1, data: [{ name: "Zelda" }] });
      expect((await get("/api/contact?q=chloe%40example&page=1")).json()).toMatchObject({ total: 1, data: [{ name: "Chloe" }] });
      expect((await get(`/api/contact?q=${encodeURIComponent("100%")}`)).json().total).toBe(0);
    });

    it("refuses a page or page size it cannot read, naming the parameter", async () => {
      const res = await get("/api/contact?page=0&pageSize=500");
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors).sort()).toEqual(["page", "pageSize"]);
      expect((await get("/api/contact?kind=spam")).statusCode).toBe(400);
    });
  });

  describe("GET /api/admin/quotes", () => {
    it("filters by statuses, searches and pages with the total", async () => {
      expect((await patch(declinedId, { status: "declined" })).statusCode).toBe(200);
      const pending = (await get("/api/admin/quotes?status=pending&page=1&pageSize=10")).json();
      expect(pending.total).toBe(1);
      expect(pending.data[0]).toMatchObject({ id: pendingId, status: "pending" });
      const processed = (await get("/api/admin/quotes?status=accepted,declined,completed")).json();
      expect(processed.data.map((quote: { id: number }) => quote.id)).toEqual([declinedId]);
      expect((await get("/api/admin/quotes?q=barn%20roof")).json()).toMatchObject({ total: 1, data: [{ id: pendingId }] });
      expect((await get(`/api/admin/quotes?q=${encodeURIComponent(customer.user.email)}&page=2&pageSize=1`)).json()).toMatchObject({
        total: 2,
        data: [{ id: pendingId }],
      });
    });

    it("refuses a status it does not know", async () => {
      const res = await get("/api/admin/quotes?status=pending,approved");
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(["status"]);
    });
  });

  describe("PATCH /api/admin/quotes/{id} with a reason", () => {
    it("stores the decline's reason, trimmed, and the customer reads it", async () => {
      const id = await quoteRequest("Survey the quarry");
      const res = await patch(id, { status: "declined", reason: "  We are fully booked until June.  " });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.declineReason).toBe("We are fully booked until June.");
      expect(await myQuote(id)).toMatchObject({ status: "declined", declineReason: "We are fully booked until June." });
    });

    it("takes a decline without a reason (it is optional), a blank one stored as none", async () => {
      const id = await quoteRequest("Map the vineyard");
      expect((await patch(id, { status: "declined", reason: "   " })).statusCode).toBe(200);
      expect((await myQuote(id)).declineReason).toBeNull();
    });

    it("refuses a reason on anything but a decline, and one too long, changing nothing", async () => {
      const id = await quoteRequest("Film the regatta");
      expect((await patch(id, { status: "accepted", reason: "Because" })).statusCode).toBe(400);
      const long = await patch(id, { status: "declined", reason: "x".repeat(501) });
      expect(long.statusCode).toBe(400);
      expect(long.json().errors).toEqual({ reason: DECLINE_REASON_RULE });
      expect(await myQuote(id)).toMatchObject({ status: "pending", declineReason: null });
    });
  });

  describe("who may call them", () => {
    const calls = [
      { method: "GET", url: "/api/contact?page=1&pageSize=5&q=harbour&kind=message" },
      { method: "GET", url: "/api/admin/quotes?page=1&pageSize=5&q=barn&status=pending" },
      { method: "PATCH", url: "/api/admin/quotes/999999", payload: { status: "declined", reason: "Fully booked" } },
    ] as const;
    const call = (c: (typeof calls)[number], cookie?: string) =>
      t.app.inject({ method: c.method, url: c.url, ...("payload" in c ? { payload: c.payload } : {}), headers: cookie ? { cookie } : {} });

    it.each(calls)("$method $url: 401 visitor, 403 customer and pilot, the admin gets through", async (c) => {
      expect((await call(c)).statusCode).toBe(401);
      expect((await call(c, customer.cookie)).statusCode).toBe(403);
      expect((await call(c, pilot.cookie)).statusCode).toBe(403);
      expect([200, 404]).toContain((await call(c, admin.cookie)).statusCode);
    });

    it("a decline's reason changes nothing when a customer or pilot sends it", async () => {
      const id = await quoteRequest("Roof survey of the school");
      expect((await patch(id, { status: "declined", reason: "No" }, customer.cookie)).statusCode).toBe(403);
      expect((await patch(id, { status: "declined", reason: "No" }, pilot.cookie)).statusCode).toBe(403);
      expect(await myQuote(id)).toMatchObject({ status: "pending", declineReason: null });
    });
  });
});
