import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatQuoteMessage } from "@common/quotes";
import { contactSubmissions, media, quotes, reports, services, subscriptions } from "../db/schema";
import { createAdmin, registerUser, type TestUser } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";

describe("the customer portal's data", () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    [alice, bob] = await Promise.all([registerUser(t, { firstName: "Alice", lastName: "Aviator" }), registerUser(t, { firstName: "", lastName: "" })]);
    const [service] = await t.database.db.select().from(services).limit(1);
    const serviceId = service!.id;
    for (const owner of [alice, bob]) {
      const userId = owner.user.id;
      await t.database.db.insert(subscriptions).values({ userId, serviceId, status: "active", currentPeriodEnd: new Date("2027-01-01T00:00:00Z") });
      await t.database.db.insert(reports).values({
        userId,
        serviceId,
        title: `Report of ${userId}`,
        description: "Thermal survey",
        storageKey: `k${userId}`,
        contentType: "application/pdf",
        size: 10,
      });
      await t.database.db
        .insert(media)
        .values({ userId, serviceId, title: `Media of ${userId}`, description: "Roof", storageKey: `m${userId}`, fileType: "image/jpeg", size: 10 });
    }
  });
  afterAll(() => t.close());

  const get = (url: string, user?: TestUser) => t.app.inject({ method: "GET", url, headers: user ? { cookie: user.cookie } : {} });

  it.each(["/api/subscriptions", "/api/reports", "/api/media", "/api/quotes", "/api/user"])("answers a visitor's %s with 401", async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });

  it.each(["/api/subscriptions", "/api/reports", "/api/media"])("gives each customer only their own rows from %s", async (url) => {
    const mine = (await get(url, alice)).json();
    expect(mine.success).toBe(true);
    expect(mine.data).toHaveLength(1);
    const theirs = (await get(url, bob)).json().data;
    expect(theirs).toHaveLength(1);
    expect(mine.data[0].id).not.toBe(theirs[0].id);
    if (url !== "/api/subscriptions") {
      expect(mine.data[0].userId).toBe(alice.user.id);
      expect(JSON.stringify(mine)).not.toContain("storageKey");
    }
  });

  it("names the service and the renewal date of a subscription", async () => {
    const [subscription] = (await get("/api/subscriptions", alice)).json().data;
    expect(subscription).toMatchObject({ status: "active", currentPeriodEnd: "2027-01-01T00:00:00.000Z" });
    expect(subscription.serviceName).toBeTruthy();
  });

  it("gives every report and media item a fileUrl served by id", async () => {
    const [report] = (await get("/api/reports", alice)).json().data;
    const [item] = (await get("/api/media", alice)).json().data;
    expect(report.fileUrl).toBe(`/api/reports/${report.id}/file`);
    expect(item.fileUrl).toBe(`/api/media/${item.id}/file`);
  });

  it("lists the active catalogue publicly: a monthly service for solar, agriculture and media, priced in cents", async () => {
    const res = await get("/api/services?active=true");
    expect(res.statusCode).toBe(200);
    const catalogue = res.json().data;
    expect(catalogue.map((s: { category: string }) => s.category).sort()).toEqual(["agriculture", "media", "solar"]);
    for (const service of catalogue) {
      expect(service.description.length).toBeGreaterThan(10);
      expect(Number.isInteger(service.price) && service.price > 0).toBe(true);
    }
  });

  it("lists every service, inactive too, to admins only", async () => {
    await t.database.db
      .insert(services)
      .values({ slug: "retired", name: "Retired", description: "No longer sold", category: "solar", price: 100, active: false });
    expect((await get("/api/services")).statusCode).toBe(401);
    expect((await get("/api/services", alice)).statusCode).toBe(403);
    const admin = await createAdmin(t);
    const all = (await get("/api/services", admin)).json().data;
    expect(all.some((s: { slug: string }) => s.slug === "retired")).toBe(true);
    expect((await get("/api/services?active=true")).json().data.some((s: { slug: string }) => s.slug === "retired")).toBe(false);
  });
});

describe("quote requests", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const quoteMessage = formatQuoteMessage({
    serviceType: "solar",
    description: "Thermal survey of a 2 MW rooftop array.\nTwo buildings.",
    budget: "",
    timeline: "Before June",
  });
  const sendQuote = (cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: cookie ? { cookie } : {},
      payload: { name: "Spoofed Name", email: "spoofed@example.com", service: "solar", message: quoteMessage },
    });

  it("stores a customer's quote as a contact submission and a pending quote of theirs, named by the account", async () => {
    const customer = await registerUser(t, { firstName: "Grace", lastName: "Hopper" });
    const res = await sendQuote(customer.cookie);
    expect(res.statusCode).toBe(201);
    const { id, quoteId } = res.json().data;
    const [contact] = await t.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(contact).toMatchObject({ name: "Grace Hopper", email: customer.user.email, service: "solar", message: quoteMessage });
    const [quote] = await t.database.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote).toMatchObject({
      userId: customer.user.id,
      contactSubmissionId: id,
      serviceType: "solar",
      description: "Thermal survey of a 2 MW rooftop array.\nTwo buildings.",
      budget: "",
      timeline: "Before June",
      status: "pending",
    });
  });

  it("uses the username when the account has no name", async () => {
    const customer = await registerUser(t, { firstName: "", lastName: "" });
    const { id } = (await sendQuote(customer.cookie)).json().data;
    const [contact] = await t.database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(contact?.name).toBe(customer.user.username);
  });

  it("lists a customer's own quotes with their status, and nobody else's", async () => {
    const [ann, ben] = await Promise.all([registerUser(t), registerUser(t)]);
    await sendQuote(ann.cookie);
    const annQuotes = (await t.app.inject({ method: "GET", url: "/api/quotes", headers: { cookie: ann.cookie } })).json().data;
    const benQuotes = (await t.app.inject({ method: "GET", url: "/api/quotes", headers: { cookie: ben.cookie } })).json().data;
    expect(annQuotes).toHaveLength(1);
    expect(annQuotes[0]).toMatchObject({ serviceType: "solar", status: "pending", price: null });
    expect(benQuotes).toEqual([]);
  });

  it("refuses a visitor's quote with the documented message", async () => {
    const res = await sendQuote();
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("You must be logged in to submit a quote request");
  });

  it("refuses a quote without service or description", async () => {
    const customer = await registerUser(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { cookie: customer.cookie },
      payload: { name: "x y", email: customer.user.email, service: "other", message: "CUSTOM QUOTE REQUEST:\nService: \nDescription: \nBudget: Not specified" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Missing fields: Please fill in the service type and project description");
  });

  it("shows contact submissions to admins only", async () => {
    const customer = await registerUser(t);
    expect((await t.app.inject({ method: "GET", url: "/api/contact" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/contact", headers: { cookie: customer.cookie } })).statusCode).toBe(403);
    const admin = await createAdmin(t);
    const res = await t.app.inject({ method: "GET", url: "/api/contact", headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect(res.json().data.length).toBeGreaterThan(0);
  });
});
