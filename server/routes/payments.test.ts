import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardMessages, DEMO_CARDS } from "@common/payments";
import { paymentMessages } from "@common/checkout";
import { payments, quotes, services, subscriptions } from "../db/schema";
import { rollDemoSubscriptions } from "../payments/ledger";
import { appWithUsersForTests, registerUser, type TestUser } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";

const GOOD_CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };

describe("payments with the demo provider", () => {
  let t: TestApp, alice: TestUser, bob: TestUser, admin: TestUser;
  appWithUsersForTests(["customer", "customer", "admin"], (made) => {
    t = made.t;
    [alice, bob, admin] = made.users;
  });

  const call = (method: "GET" | "POST" | "PATCH", url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const startPayment = (user: TestUser, body: object) => call("POST", "/api/create-payment-intent", user, body);
  const confirm = (user: TestUser, clientSecret: string, card: object = GOOD_CARD) =>
    call("POST", "/api/demo-payments/confirm", user, { clientSecret, ...card });
  const catalogue = async () => t.database.db.select().from(services).orderBy(services.id);

  describe("POST /api/create-payment-intent", () => {
    it.each([{ amount: 500, service: "Custom Service" }, {}])("answers a visitor with 401, whatever the body (%j)", async (body) => {
      const res = await call("POST", "/api/create-payment-intent", undefined, body);
      expect(res.statusCode).toBe(401);
    });

    it("names a missing amount", async () => {
      const res = await startPayment(alice, { service: "Custom Service" });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ amount: paymentMessages.amount });
    });

    it.each([0, -5, 12.5, 100_001, "lots"])("refuses the amount %s with 400 naming the field", async (amount) => {
      const res = await startPayment(alice, { amount, service: "Custom Service" });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.amount).toBe(paymentMessages.amount);
    });

    it.each(["", " ", "x".repeat(101)])("refuses the service %j with 400 naming the field", async (service) => {
      const res = await startPayment(alice, { amount: 500, service });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.service).toBe(paymentMessages.service);
    });

    it("stores a custom payment for the customer in whole dollars, pending until confirmed", async () => {
      const res = await startPayment(alice, { amount: 500, service: "Custom Service" });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ provider: "demo", publishableKey: null, service: "Custom Service", amount: 500 });
      expect(body.clientSecret).toMatch(/^demo_pi_.+_secret_.+/);
      const [row] = await t.database.db.select().from(payments).where(eq(payments.id, body.paymentId));
      expect(row).toMatchObject({ userId: alice.user.id, amount: 50_000, status: "pending", provider: "demo", description: "Custom Service" });
      expect(row!.clientSecretHash).not.toContain(body.clientSecret);
    });

    it("charges a catalogue service its catalogue price, whatever amount is asked", async () => {
      const [service] = await catalogue();
      const res = await startPayment(alice, { amount: 1, service: service!.name.toUpperCase() });
      expect(res.json()).toMatchObject({ service: service!.name, amount: service!.price / 100 });
      const [row] = await t.database.db.select().from(payments).where(eq(payments.id, res.json().paymentId));
      expect(row).toMatchObject({ amount: service!.price, serviceId: service!.id });
    });
  });

  describe("confirming with the demo card form", () => {
    it("succeeds with 4242 4242 4242 4242 and shows in the customer's history", async () => {
      const { clientSecret, paymentId } = (await startPayment(alice, { amount: 75, service: "Roof survey" })).json();
      const res = await confirm(alice, clientSecret);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ id: paymentId, status: "succeeded" });
      const history = (await call("GET", "/api/payments", alice)).json();
      expect(history.success).toBe(true);
      expect(history.data.find((payment: { id: number }) => payment.id === paymentId)).toMatchObject({
        amount: 7_500,
        status: "succeeded",
        description: "Roof survey",
      });
      expect((await confirm(alice, clientSecret)).statusCode).toBe(409);
    });

    it("declines 4000 0000 0000 0002 with the provider's message and records the failure", async () => {
      const { clientSecret, paymentId } = (await startPayment(alice, { amount: 80, service: "Roof survey" })).json();
      const res = await confirm(alice, clientSecret, { ...GOOD_CARD, cardNumber: DEMO_CARDS.declined });
      expect(res.statusCode).toBe(402);
      expect(res.json().message).toBe(cardMessages.declined);
      const [row] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
      expect(row).toMatchObject({ status: "failed", failureMessage: cardMessages.declined });
      // As with Stripe, the same payment may be retried with another card.
      expect((await confirm(alice, clientSecret)).statusCode).toBe(200);
    });

    it("names the card field that is wrong", async () => {
      const { clientSecret } = (await startPayment(alice, { amount: 80, service: "Roof survey" })).json();
      const res = await confirm(alice, clientSecret, { cardNumber: "4242 4242 4242 4241", expiry: "01 / 20", cvc: "1" });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ cardNumber: cardMessages.numberInvalid, expiry: cardMessages.expiryPast, cvc: cardMessages.cvcIncomplete });
    });

    it("does not let one customer confirm another's payment", async () => {
      const { clientSecret } = (await startPayment(alice, { amount: 90, service: "Roof survey" })).json();
      expect((await confirm(bob, clientSecret)).statusCode).toBe(404);
      expect((await call("POST", "/api/demo-payments/confirm", undefined, { clientSecret, ...GOOD_CARD })).statusCode).toBe(401);
    });
  });

  describe("paying an accepted quote", () => {
    const requestQuote = async (user: TestUser) => {
      await call("POST", "/api/contact", user, {
        name: "Quote Requester",
        email: user.user.email,
        service: "Custom Quote",
        message: "CUSTOM QUOTE REQUEST:\nService: solar\nDescription: Inspect 40 panels\nBudget: Not specified\nTimeline: Not specified",
      });
      const [quote] = await t.database.db.select().from(quotes).where(eq(quotes.userId, user.user.id)).orderBy(quotes.id).limit(1);
      return quote!;
    };

    it("charges the price the admin set, not the amount asked, and only once", async () => {
      const quote = await requestQuote(bob);
      expect((await startPayment(bob, { amount: 1, service: "Quote", quoteId: quote.id })).json().message).toBe(paymentMessages.quoteNotPayable);
      await call("PATCH", `/api/admin/quotes/${quote.id}`, admin, { status: "accepted", price: 120_000 });

      expect((await startPayment(alice, { amount: 1, service: "Quote", quoteId: quote.id })).statusCode).toBe(404);
      const started = await startPayment(bob, { amount: 1, service: "Quote", quoteId: quote.id });
      expect(started.json()).toMatchObject({ amount: 1_200, service: `Solar Inspections (quote #${quote.id})` });
      expect((await confirm(bob, started.json().clientSecret)).statusCode).toBe(200);

      const listed = (await call("GET", "/api/quotes", bob)).json().data;
      expect(listed.find((row: { id: number }) => row.id === quote.id)).toMatchObject({ paid: true });
      const again = await startPayment(bob, { amount: 1, service: "Quote", quoteId: quote.id });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(paymentMessages.quotePaid);
    });

    it("pays a quote priced with cents, whatever the address says the amount is", async () => {
      const quote = await requestQuote(alice);
      // Admins now quote whole dollars; a price with cents is one stored before that rule, so it is written directly.
      await call("PATCH", `/api/admin/quotes/${quote.id}`, admin, { status: "accepted" });
      await t.database.db.update(quotes).set({ price: 123_450 }).where(eq(quotes.id, quote.id));
      const started = await startPayment(alice, { amount: 1234.5, service: "Quote", quoteId: quote.id });
      expect(started.statusCode).toBe(200);
      expect(started.json().amount).toBe(1234.5);
      const [row] = await t.database.db.select().from(payments).where(eq(payments.id, started.json().paymentId));
      expect(row!.amount).toBe(123_450);
    });
  });

  describe("subscriptions", () => {
    it("starts incomplete, becomes active with a Renews date once paid, and refuses a second one", async () => {
      const [service] = await catalogue();
      const started = await call("POST", "/api/subscriptions", bob, { serviceId: service!.id });
      expect(started.statusCode).toBe(200);
      expect(started.json()).toMatchObject({ service: service!.name, amount: service!.price / 100, provider: "demo" });
      expect((await call("GET", "/api/subscriptions", bob)).json().data).toEqual([]);

      expect((await confirm(bob, started.json().clientSecret)).statusCode).toBe(200);
      const [active] = (await call("GET", "/api/subscriptions", bob)).json().data;
      expect(active).toMatchObject({ serviceId: service!.id, status: "active", cancelAtPeriodEnd: false, provider: "demo" });
      const renews = new Date(active.currentPeriodEnd).getTime();
      expect(renews - Date.now()).toBeGreaterThan(27 * 86_400_000);

      const second = await call("POST", "/api/subscriptions", bob, { serviceId: service!.id });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(paymentMessages.alreadySubscribed);
    });

    it("cancels at the end of the period and resumes, for its owner only", async () => {
      const [, service] = await catalogue();
      const started = (await call("POST", "/api/subscriptions", alice, { serviceId: service!.id })).json();
      await confirm(alice, started.clientSecret);
      const id = started.subscriptionId;

      expect((await call("PATCH", `/api/subscriptions/${id}`, bob, { cancelAtPeriodEnd: true })).statusCode).toBe(404);
      const cancelled = await call("PATCH", `/api/subscriptions/${id}`, alice, { cancelAtPeriodEnd: true });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().data).toMatchObject({ id, status: "active", cancelAtPeriodEnd: true });
      const resumed = await call("PATCH", `/api/subscriptions/${id}`, alice, { cancelAtPeriodEnd: false });
      expect(resumed.json().data).toMatchObject({ id, cancelAtPeriodEnd: false });
    });

    it("starting over replaces an unpaid attempt instead of keeping two", async () => {
      const [, , service] = await catalogue();
      const first = (await call("POST", "/api/subscriptions", alice, { serviceId: service!.id })).json();
      const second = (await call("POST", "/api/subscriptions", alice, { serviceId: service!.id })).json();
      const [abandoned] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, first.subscriptionId));
      expect(abandoned!.status).toBe("incomplete_expired");
      expect((await confirm(alice, first.clientSecret)).statusCode).toBe(409);
      expect((await confirm(alice, second.clientSecret)).statusCode).toBe(200);
    });

    it("renews each month with a charge, and ends a cancelled one at its period end", async () => {
      const carol = await registerUser(t);
      const [first, second] = await catalogue();
      for (const service of [first!, second!]) {
        const started = (await call("POST", "/api/subscriptions", carol, { serviceId: service.id })).json();
        await confirm(carol, started.clientSecret);
      }
      const [renewing, ending] = (await call("GET", "/api/subscriptions", carol)).json().data;
      await call("PATCH", `/api/subscriptions/${ending.id}`, carol, { cancelAtPeriodEnd: true });

      const later = new Date(Date.now() + 40 * 86_400_000);
      await rollDemoSubscriptions(t.database.db, carol.user.id, later);
      const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, carol.user.id)).orderBy(subscriptions.id);
      expect(rows[0]).toMatchObject({ id: renewing.id, status: "active" });
      expect(rows[0]!.currentPeriodEnd!.getTime()).toBeGreaterThan(later.getTime());
      expect(rows[1]).toMatchObject({ id: ending.id, status: "canceled" });
      const charges = await t.database.db.select().from(payments).where(eq(payments.subscriptionId, renewing.id));
      expect(charges.map((charge) => charge.status)).toEqual(["succeeded", "succeeded"]);
    });

    it("answers visitors with 401", async () => {
      expect((await call("POST", "/api/subscriptions", undefined, { serviceId: 1 })).statusCode).toBe(401);
      expect((await call("PATCH", "/api/subscriptions/1", undefined, { cancelAtPeriodEnd: true })).statusCode).toBe(401);
      expect((await call("POST", "/api/billing-portal")).statusCode).toBe(401);
    });
  });

  describe("payment lists", () => {
    it("answers a visitor with 401 and gives each customer only their own payments", async () => {
      expect((await call("GET", "/api/payments")).statusCode).toBe(401);
      const mine = (await call("GET", "/api/payments", alice)).json().data as { id: number }[];
      const theirs = (await call("GET", "/api/payments", bob)).json().data as { id: number }[];
      expect(mine.length).toBeGreaterThan(0);
      expect(theirs.length).toBeGreaterThan(0);
      expect(mine.some((payment) => theirs.some((other) => other.id === payment.id))).toBe(false);
      expect(JSON.stringify(mine)).not.toContain("clientSecret");
    });

    it("gives admins every payment with its customer, and refuses others", async () => {
      expect((await call("GET", "/api/admin/payments")).statusCode).toBe(401);
      expect((await call("GET", "/api/admin/payments", alice)).statusCode).toBe(403);
      const all = (await call("GET", "/api/admin/payments", admin)).json().data as { customerName: string; customerEmail: string; status: string }[];
      const customers = all.map((payment) => payment.customerName);
      expect(customers).toContain(alice.user.username);
      expect(customers).toContain(bob.user.username);
      expect(all.find((payment) => payment.customerName === bob.user.username)).toMatchObject({ customerEmail: bob.user.email, status: expect.any(String) });
    });
  });
});

describe("payments in production without Stripe keys", () => {
  let t: TestApp;
  let customer: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: "production", PUBLIC_URL: "https://skyvantage.example" });
    customer = await registerUser(t);
  });
  afterAll(() => t.close());

  it.each([
    ["/api/create-payment-intent", { amount: 500, service: "Custom Service" }],
    ["/api/subscriptions", { serviceId: 1 }],
    ["/api/billing-portal", undefined],
  ])("answers %s with 503 Payments are not configured", async (url, payload) => {
    const res = await t.app.inject({ method: "POST", url, headers: { cookie: customer.cookie }, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(paymentMessages.notConfigured);
  });

  it("has no demo confirmation at all", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/demo-payments/confirm",
      headers: { cookie: customer.cookie },
      payload: { clientSecret: "x", ...GOOD_CARD },
    });
    expect(res.statusCode).toBe(404);
  });
});
