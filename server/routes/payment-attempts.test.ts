import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CARDS, lookAlikeServiceMessage } from "@common/payments";
import { paymentMessages } from "@common/checkout";
import { hashToken } from "../auth/tokens";
import { payments, quotes, services } from "../db/schema";
import { createAdmin, registerUser, type TestUser } from "../testing/factories";
import { createTestApp, type TestApp } from "../testing/test-app";

const GOOD_CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };

describe("payment attempts with the demo provider", () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PAYMENT_MAX: "1000" });
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  const call = (method: "GET" | "POST" | "PATCH", url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const startPayment = (user: TestUser, body: object) => call("POST", "/api/create-payment-intent", user, body);
  const confirm = (user: TestUser, clientSecret: string, card: object = GOOD_CARD) =>
    call("POST", "/api/demo-payments/confirm", user, { clientSecret, ...card });
  const rowsOf = (user: TestUser) => t.database.db.select().from(payments).where(eq(payments.userId, user.user.id));
  const listed = async (user: TestUser) => (await call("GET", "/api/payments", user)).json().data as { id: number; status: string }[];
  const adminListed = async (user: TestUser) =>
    ((await call("GET", "/api/admin/payments", admin)).json().data as { id: number; userId: number }[]).filter((row) => row.userId === user.user.id);

  /** A quote the admin accepted at `price` cents, for a customer of its own. */
  async function acceptedQuote(price: number): Promise<{ customer: TestUser; quoteId: number }> {
    const customer = await registerUser(t);
    await call("POST", "/api/contact", customer, {
      name: "Quote Requester",
      email: customer.user.email,
      service: "Custom Quote",
      message: "CUSTOM QUOTE REQUEST:\nService: solar\nDescription: Inspect 40 panels\nBudget: Not specified\nTimeline: Not specified",
    });
    const [quote] = await t.database.db.select().from(quotes).where(eq(quotes.userId, customer.user.id));
    const accepted = await call("PATCH", `/api/admin/quotes/${quote!.id}`, admin, { status: "accepted", price });
    expect(accepted.statusCode).toBe(200);
    return { customer, quoteId: quote!.id };
  }
  const payQuote = (customer: TestUser, quoteId: number) => startPayment(customer, { amount: 1, service: "Quote", quoteId });

  describe("one quote, one payment", () => {
    it("answers two checkouts of one quote with the same attempt and the same client secret", async () => {
      const { customer, quoteId } = await acceptedQuote(50_000);
      const first = (await payQuote(customer, quoteId)).json();
      const second = (await payQuote(customer, quoteId)).json();
      expect(second).toEqual(first);
      expect(await rowsOf(customer)).toHaveLength(1);
    });

    it("makes one attempt when several checkouts start at once", async () => {
      const { customer, quoteId } = await acceptedQuote(50_000);
      const answers = await Promise.all(Array.from({ length: 5 }, () => payQuote(customer, quoteId)));
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(answers.map((res) => res.json().paymentId)).size).toBe(1);
      expect(await rowsOf(customer)).toHaveLength(1);
    });

    it("takes $500 once when two tabs both press Pay: the second is refused and the quote is paid once", async () => {
      const { customer, quoteId } = await acceptedQuote(50_000);
      const tabs = await Promise.all([payQuote(customer, quoteId), payQuote(customer, quoteId)]);
      const [first, second] = await Promise.all(tabs.map((tab) => confirm(customer, tab.json().clientSecret)));
      expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
      expect([first, second].find((res) => res!.statusCode === 409)!.json().message).toBe(paymentMessages.paymentDone);

      const rows = await rowsOf(customer);
      expect(rows.filter((row) => row.status === "succeeded").map((row) => row.amount)).toEqual([50_000]);
      const again = await payQuote(customer, quoteId);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(paymentMessages.quotePaid);
    });

    it("cancels the attempt a new price replaces, and that attempt can no longer be paid", async () => {
      const customer = await registerUser(t);
      const [service] = await t.database.db
        .insert(services)
        .values({ slug: "roof-thermal-scan", name: "Roof Thermal Scan", description: "One roof, one afternoon", category: "inspection", price: 50_000 })
        .returning();
      const old = (await startPayment(customer, { service: service!.name, serviceId: service!.id })).json();
      // As the catalogue seed does at a deploy that changes a price.
      await t.database.db.update(services).set({ price: 45_000 }).where(eq(services.id, service!.id));
      const current = (await startPayment(customer, { service: service!.name, serviceId: service!.id })).json();
      expect(current.paymentId).not.toBe(old.paymentId);
      expect(current.amount).toBe(450);

      const stale = await confirm(customer, old.clientSecret);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(paymentMessages.paymentCanceled);
      expect((await confirm(customer, current.clientSecret)).statusCode).toBe(200);
      const rows = await rowsOf(customer);
      expect(rows.map((row) => [row.amount, row.status]).sort()).toEqual([
        [45_000, "succeeded"],
        [50_000, "canceled"],
      ]);
    });

    it("refuses to confirm a second attempt for a quote another attempt already paid, and cancels it", async () => {
      const { customer, quoteId } = await acceptedQuote(50_000);
      const paid = (await payQuote(customer, quoteId)).json();
      // A second open attempt as the old code could leave behind (one per tab).
      const [first] = await rowsOf(customer);
      const leftover = { clientSecret: "demo_pi_leftover_secret_x", providerPaymentId: "demo_pi_leftover" };
      await t.database.db.insert(payments).values({
        userId: customer.user.id,
        description: first!.description,
        quoteId,
        amount: 50_000,
        provider: "demo",
        providerPaymentId: leftover.providerPaymentId,
        clientSecretHash: hashToken(leftover.clientSecret),
      });
      expect((await confirm(customer, paid.clientSecret)).statusCode).toBe(200);

      const second = await confirm(customer, leftover.clientSecret);
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(paymentMessages.quotePaid);
      const [row] = await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, leftover.providerPaymentId));
      expect(row!.status).toBe("canceled");
    });
  });

  describe("checkout visits", () => {
    it("reuses the unconfirmed attempt for the same custom payment and the same catalogue service", async () => {
      const customer = await registerUser(t);
      const [service] = await t.database.db.select().from(services).orderBy(services.id).limit(1);
      const custom = [
        (await startPayment(customer, { amount: 75, service: "Roof survey" })).json(),
        (await startPayment(customer, { amount: 75, service: "Roof survey" })).json(),
      ];
      expect(custom[1]).toEqual(custom[0]);
      const catalogue = [
        (await startPayment(customer, { amount: 1, service: service!.name })).json(),
        (await startPayment(customer, { amount: 9, service: service!.name })).json(),
      ];
      expect(catalogue[1]).toEqual(catalogue[0]);
      // Another amount is another payment.
      expect((await startPayment(customer, { amount: 80, service: "Roof survey" })).json().paymentId).not.toBe(custom[0].paymentId);
      expect(await rowsOf(customer)).toHaveLength(3);
    });

    it("a declined attempt is the one the next visit pays, as Stripe lets a declined payment take another card", async () => {
      const customer = await registerUser(t);
      const first = (await startPayment(customer, { amount: 60, service: "Mast survey" })).json();
      expect((await confirm(customer, first.clientSecret, { ...GOOD_CARD, cardNumber: DEMO_CARDS.declined })).statusCode).toBe(402);
      const next = (await startPayment(customer, { amount: 60, service: "Mast survey" })).json();
      expect(next.paymentId).toBe(first.paymentId);
      expect((await confirm(customer, next.clientSecret)).statusCode).toBe(200);
    });

    it("opening checkout lists nothing; pressing Pay lists the payment in both lists", async () => {
      const customer = await registerUser(t);
      const started = (await startPayment(customer, { amount: 90, service: "Roof survey" })).json();
      await call("POST", "/api/subscriptions", customer, { serviceId: (await t.database.db.select().from(services).limit(1))[0]!.id });
      expect(await listed(customer)).toEqual([]);
      expect(await adminListed(customer)).toEqual([]);

      expect((await confirm(customer, started.clientSecret, { ...GOOD_CARD, cardNumber: DEMO_CARDS.declined })).statusCode).toBe(402);
      expect(await listed(customer)).toEqual([expect.objectContaining({ id: started.paymentId, status: "failed" })]);
      expect(await adminListed(customer)).toEqual([expect.objectContaining({ id: started.paymentId, status: "failed" })]);
    });

    it("lists an attempt its owner submitted before confirming with the provider; nobody else may submit it", async () => {
      const [customer, other] = await Promise.all([registerUser(t), registerUser(t)]);
      const started = (await startPayment(customer, { amount: 95, service: "Roof survey" })).json();
      expect((await call("POST", `/api/payments/${started.paymentId}/submit`)).statusCode).toBe(401);
      const foreign = await call("POST", `/api/payments/${started.paymentId}/submit`, other);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe(paymentMessages.paymentNotFound);
      expect(await listed(customer)).toEqual([]);

      const submitted = await call("POST", `/api/payments/${started.paymentId}/submit`, customer);
      expect(submitted.statusCode).toBe(200);
      expect(submitted.json().data).toEqual({ id: started.paymentId, status: "pending" });
      expect(await listed(customer)).toEqual([expect.objectContaining({ id: started.paymentId, status: "pending" })]);
      expect(await adminListed(customer)).toHaveLength(1);

      await confirm(customer, started.clientSecret);
      const afterPaid = await call("POST", `/api/payments/${started.paymentId}/submit`, customer);
      expect(afterPaid.statusCode).toBe(409);
      expect(afterPaid.json().message).toBe(paymentMessages.paymentDone);
      expect((await call("POST", "/api/payments/2147483648/submit", customer)).statusCode).toBe(400);
    });
  });

  describe("catalogue names", () => {
    it("charges a catalogue service its price by id, or by its name however spaced and cased", async () => {
      const customer = await registerUser(t);
      const [service] = await t.database.db.select().from(services).orderBy(services.id).limit(1);
      const byId = (await startPayment(customer, { service: "anything", serviceId: service!.id })).json();
      expect(byId).toMatchObject({ service: service!.name, amount: service!.price / 100 });
      const spaced = `  ${service!.name.toUpperCase().replace(" ", "   ")} `;
      expect((await startPayment(customer, { amount: 1, service: spaced })).json()).toMatchObject({ service: service!.name, amount: service!.price / 100 });
    });

    it.each([
      ["a trailing dot", "Solar Fleet Monitoring."],
      ["trailing punctuation and spaces", "Solar Fleet Monitoring !? "],
      ["case, quotes and an ellipsis", "“solar fleet MONITORING”…"],
      ["a leading dash and a trademark sign", "- Solar Fleet Monitoring™"],
    ])("charges a catalogue service its price when its name comes with %s, never the amount asked", async (_case, name) => {
      const customer = await registerUser(t);
      const [service] = await t.database.db.select().from(services).where(eq(services.name, "Solar Fleet Monitoring"));
      const res = await startPayment(customer, { amount: 1, service: name });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ service: "Solar Fleet Monitoring", amount: service!.price / 100 });
      expect(await rowsOf(customer)).toEqual([expect.objectContaining({ amount: service!.price })]);
    });

    it.each([
      ["punctuation inside", (name: string) => name.replace(" ", "-")],
      ["Cyrillic о for o", (name: string) => name.replace(/o/, "\u043e")],
      ["Greek ο for o", (name: string) => name.replace(/o/, "\u03bf")],
      ["a zero-width space", (name: string) => name.replace(" ", " \u200b")],
    ])("refuses a look-alike of a catalogue service (%s) instead of charging it as a one-dollar custom payment", async (_case, imitate) => {
      const customer = await registerUser(t);
      const [service] = await t.database.db.select().from(services).orderBy(services.id).limit(1);
      const lookAlike = imitate(service!.name);
      expect(lookAlike).not.toBe(service!.name);
      const res = await startPayment(customer, { amount: 1, service: lookAlike });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ service: lookAlikeServiceMessage(service!.name) });
      expect(await rowsOf(customer)).toEqual([]);
    });
  });
});

describe("payment attempts per customer", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PAYMENT_MAX: "3" });
  });
  afterAll(() => t.close());

  const startPayment = (user: TestUser, amount: number) =>
    t.app.inject({ method: "POST", url: "/api/create-payment-intent", headers: { cookie: user.cookie }, payload: { amount, service: "Card check" } });

  it("are limited per hour (card testing); handing back an open attempt is not counted", async () => {
    const [tester, neighbour] = await Promise.all([registerUser(t), registerUser(t)]);
    for (const amount of [1, 2, 3]) expect((await startPayment(tester, amount)).statusCode).toBe(200);
    expect((await startPayment(tester, 1)).statusCode).toBe(200);
    const refused = await startPayment(tester, 4);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(paymentMessages.tooManyAttempts);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect((await startPayment(neighbour, 4)).statusCode).toBe(200);
  });

  it("count subscriptions against the same budget, since each starts a payment a card can be tried on", async () => {
    const tester = await registerUser(t);
    for (const amount of [1, 2, 3]) expect((await startPayment(tester, amount)).statusCode).toBe(200);
    const refused = await t.app.inject({ method: "POST", url: "/api/subscriptions", headers: { cookie: tester.cookie }, payload: { serviceId: 1 } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(paymentMessages.tooManyAttempts);
  });
});
