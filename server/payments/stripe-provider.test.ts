import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, services, subscriptions, users } from "../db/schema";
import { registerUser, type TestUser } from "../testing/factories";
import { appWithStripe } from "../testing/stripe-app";
import type { StripePeer } from "../testing/stripe-peer";
import type { TestApp } from "../testing/test-app";

const KEYS = { secretKey: "sk_test_contract", publishableKey: "pk_test_contract", webhookSecret: "whsec_contract" };

describe("the Stripe provider, against a Stripe-shaped server", () => {
  let peer: StripePeer, t: TestApp, customer: TestUser;
  beforeAll(async () => {
    ({ t, peer } = await appWithStripe(KEYS, { PUBLIC_URL: "https://skyvantage.example" }));
    customer = await registerUser(t, { firstName: "Ada", lastName: "Lovelace" });
  });
  afterAll(() => t.close());

  const post = (url: string, payload?: object, user: TestUser = customer) =>
    t.app.inject({ method: "POST", url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

  it("creates a PaymentIntent for the amount in cents, in USD, with the customer and metadata", async () => {
    const res = await post("/api/create-payment-intent", { amount: 500, service: "Custom Service" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ provider: "stripe", publishableKey: KEYS.publishableKey, amount: 500, service: "Custom Service" });

    const [intent] = peer.calls("POST", "/v1/payment_intents");
    expect(intent!.authorization).toBe(`Bearer ${KEYS.secretKey}`);
    expect(intent!.params).toMatchObject({
      amount: "50000",
      currency: "usd",
      description: "Custom Service",
      "metadata[userId]": String(customer.user.id),
      "metadata[service]": "Custom Service",
      "automatic_payment_methods[enabled]": "true",
    });
    expect(body.clientSecret).toMatch(/^pi_test\d+_secret_/);

    const [made] = peer.calls("POST", "/v1/customers");
    expect(made!.params).toMatchObject({ email: customer.user.email, name: "Ada Lovelace", "metadata[userId]": String(customer.user.id) });
    expect(made!.idempotencyKey).toBe(`customer-${customer.user.id}`);
    expect(intent!.params.customer).toMatch(/^cus_/);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, body.paymentId));
    expect(row).toMatchObject({ provider: "stripe", amount: 50_000, status: "pending", providerPaymentId: body.clientSecret.split("_secret_")[0] });
  });

  it("makes the Stripe customer once and reuses it", async () => {
    await post("/api/create-payment-intent", { amount: 20, service: "Custom Service" });
    expect(peer.calls("POST", "/v1/customers")).toHaveLength(1);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(peer.calls("POST", "/v1/payment_intents").at(-1)!.params.customer).toBe(user!.paymentCustomerId);
  });

  it("charges a catalogue service its catalogue price, never the amount the browser sent", async () => {
    const [service] = await t.database.db.select().from(services).limit(1);
    await post("/api/create-payment-intent", { amount: 1, service: service!.name });
    expect(peer.calls("POST", "/v1/payment_intents").at(-1)!.params).toMatchObject({
      amount: String(service!.price),
      "metadata[serviceId]": String(service!.id),
    });
  });

  it("subscribes with a monthly Price looked up by key, created once, and the first invoice's client secret", async () => {
    const [first, second] = await t.database.db.select().from(services).orderBy(services.id).limit(2);
    const res = await post("/api/subscriptions", { serviceId: first!.id });
    expect(res.statusCode).toBe(200);
    const lookupKey = `skyvantage_${first!.slug}_${first!.price}_usd_month`;
    expect(peer.calls("GET", "/v1/prices")[0]!.params).toMatchObject({ "lookup_keys[0]": lookupKey, active: "true" });
    const [price] = peer.calls("POST", "/v1/prices");
    expect(price!.params).toMatchObject({
      currency: "usd",
      unit_amount: String(first!.price),
      "recurring[interval]": "month",
      lookup_key: lookupKey,
      "product_data[name]": first!.name,
    });

    const [created] = peer.calls("POST", "/v1/subscriptions");
    expect(created!.params).toMatchObject({
      payment_behavior: "default_incomplete",
      "payment_settings[save_default_payment_method]": "on_subscription",
      "expand[0]": "latest_invoice.confirmation_secret",
      "metadata[userId]": String(customer.user.id),
      "metadata[serviceId]": String(first!.id),
    });
    expect(created!.params["items[0][price]"]).toMatch(/^price_/);
    expect(res.json()).toMatchObject({ provider: "stripe", amount: first!.price / 100, service: first!.name });
    expect(res.json().clientSecret).toMatch(/_secret_/);

    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, res.json().subscriptionId));
    expect(row).toMatchObject({ provider: "stripe", status: "incomplete" });
    expect(row!.providerSubscriptionId).toMatch(/^sub_/);
    const [invoicePayment] = await t.database.db.select().from(payments).where(eq(payments.id, res.json().paymentId));
    expect(invoicePayment).toMatchObject({ subscriptionId: row!.id, amount: first!.price });
    expect(invoicePayment!.providerPaymentId).toMatch(/^in_/);

    // Another service needs its own price; the same service again reuses the one found.
    await post("/api/subscriptions", { serviceId: second!.id });
    expect(peer.calls("POST", "/v1/prices")).toHaveLength(2);
  });

  it("cancels the unpaid attempt at Stripe when the customer starts the same subscription again", async () => {
    const [, , third] = await t.database.db.select().from(services).orderBy(services.id);
    const first = (await post("/api/subscriptions", { serviceId: third!.id })).json();
    await post("/api/subscriptions", { serviceId: third!.id });
    const [abandoned] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, first.subscriptionId));
    expect(peer.calls("DELETE", `/v1/subscriptions/${abandoned!.providerSubscriptionId}`)).toHaveLength(1);
    expect(abandoned!.status).toBe("incomplete_expired");
  });

  it("sets cancel at period end on the Stripe subscription, and resumes it", async () => {
    const [service] = await t.database.db.select().from(services).limit(1);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.serviceId, service!.id));
    // As after the first invoice is paid.
    peer.updateSubscription(row!.providerSubscriptionId!, { status: "active" });
    await t.database.db.update(subscriptions).set({ status: "active" }).where(eq(subscriptions.id, row!.id));
    const patch = (cancelAtPeriodEnd: boolean) =>
      t.app.inject({ method: "PATCH", url: `/api/subscriptions/${row!.id}`, headers: { cookie: customer.cookie }, payload: { cancelAtPeriodEnd } });

    expect((await patch(true)).json().data).toMatchObject({ cancelAtPeriodEnd: true });
    expect(peer.calls("POST", `/v1/subscriptions/${row!.providerSubscriptionId}`).at(-1)!.params).toEqual({ cancel_at_period_end: "true" });
    expect((await patch(false)).json().data).toMatchObject({ cancelAtPeriodEnd: false });
    expect(peer.calls("POST", `/v1/subscriptions/${row!.providerSubscriptionId}`).at(-1)!.params).toEqual({ cancel_at_period_end: "false" });
  });

  it("opens a Customer Portal session for the customer that returns to the dashboard", async () => {
    const res = await post("/api/billing-portal");
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(peer.calls("POST", "/v1/billing_portal/sessions")[0]!.params).toEqual({
      customer: user!.paymentCustomerId,
      return_url: "https://skyvantage.example/dashboard",
    });
  });

  it("has no portal for a customer who never paid", async () => {
    const newcomer = await registerUser(t);
    const res = await post("/api/billing-portal", undefined, newcomer);
    expect(res.statusCode).toBe(409);
  });

  it("answers 503 and stores nothing when Stripe keeps failing after the SDK's retries", async () => {
    const before = await t.database.db.select().from(payments);
    peer.failNext("POST", "/v1/payment_intents", 500, { type: "api_error", message: "Stripe is having a bad day" }, 3);
    const res = await post("/api/create-payment-intent", { amount: 5, service: "Custom Service" });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe("The payment provider is not answering. Please try again shortly.");
    expect(peer.calls("POST", "/v1/payment_intents").length).toBeGreaterThanOrEqual(3);
    expect(await t.database.db.select().from(payments)).toHaveLength(before.length);
  });

  it("stores nothing when Stripe refuses the request", async () => {
    const before = await t.database.db.select().from(payments);
    peer.failNext("POST", "/v1/payment_intents", 400, { type: "invalid_request_error", message: "Amount must be at least $0.50 usd" });
    const res = await post("/api/create-payment-intent", { amount: 5, service: "Custom Service" });
    expect(res.statusCode).toBe(500);
    expect(await t.database.db.select().from(payments)).toHaveLength(before.length);
  });

  it("has no demo confirmation when Stripe is configured", async () => {
    const res = await post("/api/demo-payments/confirm", { clientSecret: "x", cardNumber: "4242424242424242", expiry: "12 / 34", cvc: "123" });
    expect(res.statusCode).toBe(404);
  });
});
