import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentMessages } from "@common/checkout";
import { payments, quotes, services } from "../db/schema";
import { registerUser, type TestUser } from "../testing/factories";
import { intentOf, paymentAppWithStripe, postAs } from "../testing/stripe-app";
import type { StripePeer } from "../testing/stripe-peer";
import type { TestApp } from "../testing/test-app";

const KEYS = { secretKey: "sk_test_attempts", publishableKey: "pk_test_attempts", webhookSecret: "whsec_attempts" };

describe("payment attempts with Stripe, against a Stripe-shaped server", () => {
  let peer: StripePeer, t: TestApp, admin: TestUser;
  beforeAll(async () => ({ t, peer, admin } = await paymentAppWithStripe(KEYS)));
  afterAll(() => t.close());

  const post = (url: string, user: TestUser, payload?: object) => postAs(t, url, user, payload);
  const rowOf = async (intentId: string) => (await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, intentId)))[0];

  it("hands the open PaymentIntent back to a second checkout, its client secret retrieved from Stripe", async () => {
    const customer = await registerUser(t);
    const created = peer.calls("POST", "/v1/payment_intents").length;
    const first = (await post("/api/create-payment-intent", customer, { amount: 500, service: "Custom Service" })).json();
    const second = (await post("/api/create-payment-intent", customer, { amount: 500, service: "Custom Service" })).json();
    expect(second).toEqual(first);
    expect(peer.calls("POST", "/v1/payment_intents")).toHaveLength(created + 1);
    expect(peer.calls("GET", `/v1/payment_intents/${intentOf(first.clientSecret)}`)).toHaveLength(1);
  });

  it("cancels a replaced PaymentIntent at Stripe before starting the new one", async () => {
    const customer = await registerUser(t);
    const [service] = await t.database.db
      .insert(services)
      .values({ slug: "mast-climb-survey", name: "Mast Climb Survey", description: "One mast", category: "inspection", price: 30_000 })
      .returning();
    const old = (await post("/api/create-payment-intent", customer, { service: service!.name, serviceId: service!.id })).json();
    // As the catalogue seed does at a deploy that changes a price.
    await t.database.db.update(services).set({ price: 32_000 }).where(eq(services.id, service!.id));
    const current = (await post("/api/create-payment-intent", customer, { service: service!.name, serviceId: service!.id })).json();

    const oldIntent = intentOf(old.clientSecret);
    expect(peer.calls("POST", `/v1/payment_intents/${oldIntent}/cancel`).map((call) => call.params)).toEqual([{ cancellation_reason: "abandoned" }]);
    expect(await rowOf(oldIntent)).toMatchObject({ status: "canceled" });
    expect(peer.calls("POST", "/v1/payment_intents").at(-1)!.params.amount).toBe("32000");
    expect(current.amount).toBe(320);
    const submitted = await post(`/api/payments/${old.paymentId}/submit`, customer);
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json().message).toBe(paymentMessages.paymentCanceled);
  });

  it("refuses to hand back a quote's PaymentIntent that Stripe already took money for, before its webhook arrives", async () => {
    const customer = await registerUser(t);
    await post("/api/contact", customer, {
      name: "Quote Requester",
      email: customer.user.email,
      service: "Custom Quote",
      message: "CUSTOM QUOTE REQUEST:\nService: solar\nDescription: Inspect 40 panels\nBudget: Not specified\nTimeline: Not specified",
    });
    const [quote] = await t.database.db.select().from(quotes).where(eq(quotes.userId, customer.user.id));
    await t.app.inject({
      method: "PATCH",
      url: `/api/admin/quotes/${quote!.id}`,
      headers: { cookie: admin.cookie },
      payload: { status: "accepted", price: 50_000 },
    });
    const started = (await post("/api/create-payment-intent", customer, { amount: 500, service: "Quote", quoteId: quote!.id })).json();
    expect((await post(`/api/payments/${started.paymentId}/submit`, customer)).statusCode).toBe(200);
    // The first tab's stripe.confirmPayment went through at Stripe.
    peer.updatePaymentIntent(intentOf(started.clientSecret), { status: "succeeded" });

    const secondTab = await post("/api/create-payment-intent", customer, { amount: 500, service: "Quote", quoteId: quote!.id });
    expect(secondTab.statusCode).toBe(409);
    expect(secondTab.json().message).toBe(paymentMessages.quotePaid);
    expect(await rowOf(intentOf(started.clientSecret))).toMatchObject({ status: "succeeded" });
    const listed = (await t.app.inject({ method: "GET", url: "/api/payments", headers: { cookie: customer.cookie } })).json().data;
    expect(listed).toEqual([expect.objectContaining({ quoteId: quote!.id, amount: 50_000, status: "succeeded" })]);
  });
});
