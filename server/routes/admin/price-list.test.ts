import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PriceListItem } from "@common/contract/price-list";
import { priceListMessages } from "@common/price-list";
import { singleLineMessage } from "@common/field-rules";
import { estimateLines, priceListItems } from "../../db/schema";
import { ESTIMATE_ENV, estimateDriver } from "../../testing/estimates";
import type { TestUser } from "../../testing/factories";
import { type JobDriver, jobsAppForTests } from "../../testing/jobs";
import type { TestApp } from "../../testing/test-app";

describe("the price list", () => {
  let t: TestApp, admin: TestUser, alice: TestUser, bob: TestUser, pilot: TestUser;
  let drive: JobDriver;
  jobsAppForTests(["admin", "customer", "customer", "pilot"], ESTIMATE_ENV, (made) => {
    ({ t, drive } = made);
    [admin, alice, bob, pilot] = made.users;
  });

  const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, user: TestUser | undefined = admin, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const add = async (item: object): Promise<PriceListItem> => {
    const res = await call("POST", "/api/admin/price-list", admin, item);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const list = async (query = ""): Promise<PriceListItem[]> => {
    const res = await call("GET", `/api/admin/price-list${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it("lets only admins call each endpoint: 401 visitor, 403 a customer, another customer and a pilot", async () => {
    const item = await add({ description: "Guarded item", unit: "hour", unitPrice: 100 });
    const calls = [
      { method: "GET", url: "/api/admin/price-list", status: 200 },
      { method: "POST", url: "/api/admin/price-list", payload: { description: "Added by the admin", unitPrice: 100 }, status: 201 },
      { method: "PATCH", url: `/api/admin/price-list/${item.id}`, payload: { unitPrice: 200 }, status: 200 },
      { method: "DELETE", url: `/api/admin/price-list/${item.id}`, status: 200 },
    ] as const;
    const callers = { customer: alice, "another customer": bob, pilot };
    for (const c of calls) {
      const payload = "payload" in c ? c.payload : undefined;
      const visitor = (await t.app.inject({ method: c.method, url: c.url, ...(payload ? { payload } : {}) })).statusCode;
      expect({ call: `${c.method} ${c.url}`, name: "visitor", status: visitor }).toEqual({ call: `${c.method} ${c.url}`, name: "visitor", status: 401 });
      for (const [name, user] of Object.entries(callers)) {
        const status = (await call(c.method, c.url, user, payload)).statusCode;
        expect({ call: `${c.method} ${c.url}`, name, status }).toEqual({ call: `${c.method} ${c.url}`, name, status: 403 });
      }
      const status = (await call(c.method, c.url, admin, payload)).statusCode;
      expect({ call: `${c.method} ${c.url}`, name: "admin", status }).toEqual({ call: `${c.method} ${c.url}`, name: "admin", status: c.status });
    }
  });

  it("adds, lists by description, searches, changes and deletes an item, prices in cents", async () => {
    const survey = await add({ description: "Thermal survey of a solar array", unit: "MWp", unitPrice: 45_000, taxExempt: true });
    expect(survey).toMatchObject({ description: "Thermal survey of a solar array", unit: "MWp", unitPrice: 45_000, taxExempt: true, archivedAt: null });
    const crew = await add({ description: "  Flight crew  ", unitPrice: 3_333 });
    expect(crew).toMatchObject({ description: "Flight crew", unit: "", taxExempt: false });

    const descriptions = (await list()).map((item) => item.description);
    expect(descriptions).toEqual([...descriptions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(descriptions).toEqual(expect.arrayContaining(["Thermal survey of a solar array", "Flight crew"]));
    expect((await list("?q=mwp")).map((item) => item.id)).toEqual([survey.id]);
    expect((await list("?q=100%25")).map((item) => item.id)).toEqual([]);

    const changed = await call("PATCH", `/api/admin/price-list/${crew.id}`, admin, { unitPrice: 3_500, unit: "hour" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ id: crew.id, description: "Flight crew", unit: "hour", unitPrice: 3_500 });

    const removed = await call("DELETE", `/api/admin/price-list/${crew.id}`);
    expect(removed.json()).toEqual({ success: true, message: "Price list item deleted", data: { id: crew.id, outcome: "deleted" } });
    expect(await t.database.db.select().from(priceListItems).where(eq(priceListItems.id, crew.id))).toEqual([]);
  });

  it.each([
    ["an empty description", { description: "   ", unitPrice: 100 }, { description: priceListMessages.description }],
    ["no description", { unitPrice: 100 }, { description: priceListMessages.description }],
    ["a description over two lines", { description: "One\nTwo", unitPrice: 100 }, { description: singleLineMessage("The description") }],
    ["a negative price", { description: "Item", unitPrice: -1 }, { unitPrice: priceListMessages.unitPrice }],
    ["a fraction of a cent", { description: "Item", unitPrice: 12.5 }, { unitPrice: priceListMessages.unitPrice }],
    ["a price as text", { description: "Item", unitPrice: "45.00" }, { unitPrice: priceListMessages.unitPrice }],
    ["a price over $999,999.99", { description: "Item", unitPrice: 100_000_000 }, { unitPrice: priceListMessages.unitPriceMax }],
    ["a unit over 50 characters", { description: "Item", unit: "u".repeat(51), unitPrice: 100 }, { unit: priceListMessages.unit }],
    ["a tax exempt flag as text", { description: "Item", unitPrice: 100, taxExempt: "yes" }, { taxExempt: priceListMessages.taxExempt }],
  ])("refuses %s with 400 naming the field, storing nothing", async (_, body, errors) => {
    const before = (await list("?archived=true")).length;
    const res = await call("POST", "/api/admin/price-list", admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(errors);
    expect(await list("?archived=true")).toHaveLength(before);
  });

  it("refuses a bad change under its field, an empty one, and answers 404 for an unknown item", async () => {
    const item = await add({ description: "Orthomosaic", unitPrice: 35_000 });
    const patch = (id: number, body: object) => call("PATCH", `/api/admin/price-list/${id}`, admin, body);
    expect((await patch(item.id, { unitPrice: -5 })).json().errors).toEqual({ unitPrice: priceListMessages.unitPrice });
    expect((await patch(item.id, { description: "" })).json().errors).toEqual({ description: priceListMessages.description });
    const empty = await patch(item.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(priceListMessages.emptyChange);
    const unknown = await patch(999_999, { unitPrice: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(priceListMessages.notFound);
    expect((await call("DELETE", "/api/admin/price-list/999999")).statusCode).toBe(404);
    expect((await call("GET", "/api/admin/price-list?archived=maybe")).json().errors).toEqual({ archived: priceListMessages.archived });
  });

  it("archives rather than deletes an item an estimate line refers to; the estimate keeps its line and its price", async () => {
    const item = await add({ description: "NDVI flight", unit: "acre", unitPrice: 2_000 });
    const { jobId } = await drive.requestQuote(alice);
    const estimate = await estimateDriver(t, admin).send(jobId, {
      lines: [{ description: "NDVI flight, north field", quantity: 40, unit: "acre", unitPrice: 1_800, priceListItemId: item.id }],
      deposit: { amount: 0 },
    });
    expect(estimate.lines).toEqual([
      expect.objectContaining({ description: "NDVI flight, north field", unitPrice: 1_800, amount: 72_000, priceListItemId: item.id }),
    ]);

    // A later change of the item never reaches the estimate.
    await call("PATCH", `/api/admin/price-list/${item.id}`, admin, { unitPrice: 9_900, description: "NDVI flight (new rate)" });
    const removed = await call("DELETE", `/api/admin/price-list/${item.id}`);
    expect(removed.json()).toEqual({ success: true, message: "Price list item archived", data: { id: item.id, outcome: "archived" } });

    expect((await list()).map((offered) => offered.id)).not.toContain(item.id);
    const archived = (await list("?archived=true")).find((kept) => kept.id === item.id);
    expect(archived?.archivedAt).toEqual(expect.any(String));
    const reread = (await estimateDriver(t, admin).read(estimate.id)).json().data;
    expect(reread.lines).toEqual(estimate.lines);
    expect(reread.total).toBe(estimate.total);

    // Deleting it again leaves it archived; restoring offers it again.
    expect((await call("DELETE", `/api/admin/price-list/${item.id}`)).json().data.outcome).toBe("archived");
    const restored = await call("PATCH", `/api/admin/price-list/${item.id}`, admin, { archived: false });
    expect(restored.json().data.archivedAt).toBeNull();
    expect((await list()).map((offered) => offered.id)).toContain(item.id);
  });

  it("refuses an estimate line naming an unknown item under that line's field, storing no estimate", async () => {
    const { jobId } = await drive.requestQuote(alice);
    const res = await estimateDriver(t, admin).post({
      jobId,
      lines: [
        { description: "Typed by hand", quantity: 1, unitPrice: 100 },
        { description: "From nowhere", quantity: 1, unitPrice: 100, priceListItemId: 999_999 },
      ],
      deposit: { amount: 0 },
      validUntil: "2999-01-01",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ "lines.1.priceListItemId": priceListMessages.notFound });
    expect(await t.database.db.select().from(estimateLines).where(eq(estimateLines.priceListItemId, 999_999))).toEqual([]);
  });
});
