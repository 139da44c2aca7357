import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentEvents, payments, services, subscriptions } from "../db/schema";
import { registerUser, type TestUser } from "../testing/factories";
import { logLines } from "../testing/log-lines";
import { appWithStripe, deliverStripeEvent, stripeEventsSignedWith } from "../testing/stripe-app";
import { createTestApp, type TestApp } from "../testing/test-app";

const WEBHOOK_SECRET = "whsec_webhook_test";
const signer = new Stripe("sk_test_signer").webhooks;
const stripeEvent = stripeEventsSignedWith(WEBHOOK_SECRET, "evt_test");

const subscriptionObject = (id: string, fields: { status: string; cancel_at_period_end?: boolean; current_period_end?: number }) => ({
  id,
  object: "subscription",
  status: fields.status,
  cancel_at_period_end: fields.cancel_at_period_end ?? false,
  items: {
    object: "list",
    data: [{ id: "si_1", object: "subscription_item", current_period_end: fields.current_period_end ?? Math.floor(Date.now() / 1000) + 30 * 86_400 }],
  },
});

describe("POST /api/stripe/webhook", () => {
  let t: TestApp, customer: TestUser;
  const errors = logLines();

  beforeAll(async () => {
    const keys = { secretKey: "sk_test_x", publishableKey: "pk_test_x", webhookSecret: WEBHOOK_SECRET };
    ({ t } = await appWithStripe(keys, { RATE_LIMIT_PAYMENT_MAX: "1000" }, { logger: { level: "error", stream: errors.stream } }));
    customer = await registerUser(t);
  });
  afterAll(() => t.close());

  const deliver = (event: { payload: string; signature: string }) => deliverStripeEvent(t, event);
  const paymentNamed = async (providerPaymentId: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId)))[0];

  let dollars = 40;
  /** A new payment each time: another amount is another thing to pay for, not the open attempt again. */
  const startPayment = async (amount = (dollars += 1)) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/create-payment-intent",
      headers: { cookie: customer.cookie },
      payload: { amount, service: "Custom Service" },
    });
    return res.json().clientSecret.split("_secret_")[0] as string;
  };

  it("applies a validly signed payment_intent.succeeded once", async () => {
    const intentId = await startPayment();
    const event = stripeEvent("payment_intent.succeeded", { id: intentId, object: "payment_intent", status: "succeeded" });
    const res = await deliver(event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await paymentNamed(intentId)).toMatchObject({ status: "succeeded" });
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(1);
  });

  it("records the provider's message of a failed payment", async () => {
    const intentId = await startPayment();
    await deliver(
      stripeEvent("payment_intent.payment_failed", {
        id: intentId,
        object: "payment_intent",
        last_payment_error: { message: "Your card has insufficient funds." },
      }),
    );
    expect(await paymentNamed(intentId)).toMatchObject({ status: "failed", failureMessage: "Your card has insufficient funds." });
  });

  it("refuses an invalid signature with 400 and changes nothing", async () => {
    const intentId = await startPayment();
    const event = stripeEvent("payment_intent.succeeded", { id: intentId, object: "payment_intent" });
    const forged = { payload: event.payload, signature: signer.generateTestHeaderString({ payload: event.payload, secret: "whsec_someone_else" }) };
    expect((await deliver(forged)).statusCode).toBe(400);
    const tampered = { payload: event.payload.replace("payment_intent.succeeded", "payment_intent.canceled"), signature: event.signature };
    expect((await deliver(tampered)).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json" },
      payload: event.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await paymentNamed(intentId)).toMatchObject({ status: "pending" });
  });

  it("ignores a replayed event", async () => {
    const [service] = await t.database.db.select().from(services).limit(1);
    const started = await t.app.inject({
      method: "POST",
      url: "/api/subscriptions",
      headers: { cookie: customer.cookie },
      payload: { serviceId: service!.id },
    });
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, started.json().subscriptionId));
    const stripeId = row!.providerSubscriptionId!;

    const cancelling = stripeEvent("customer.subscription.updated", subscriptionObject(stripeId, { status: "active", cancel_at_period_end: true }));
    expect((await deliver(cancelling)).json().duplicate).toBe(false);
    const resumed = stripeEvent("customer.subscription.updated", subscriptionObject(stripeId, { status: "active", cancel_at_period_end: false }));
    await deliver(resumed);

    const replay = await deliver(cancelling);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    const [after] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, row!.id));
    expect(after).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
  });

  it("activates a subscription, settles its first invoice, records renewals and ends it", async () => {
    const [, service] = await t.database.db.select().from(services).orderBy(services.id).limit(2);
    const started = (
      await t.app.inject({ method: "POST", url: "/api/subscriptions", headers: { cookie: customer.cookie }, payload: { serviceId: service!.id } })
    ).json();
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, started.subscriptionId));
    const stripeId = row!.providerSubscriptionId!;
    const firstInvoice = (await t.database.db.select().from(payments).where(eq(payments.id, started.paymentId)))[0]!.providerPaymentId;
    const periodEnd = Math.floor(Date.now() / 1000) + 31 * 86_400;
    const invoice = (id: string, amount: number) => ({
      id,
      object: "invoice",
      amount_paid: amount,
      amount_due: amount,
      parent: { type: "subscription_details", subscription_details: { subscription: stripeId } },
    });

    await deliver(stripeEvent("invoice.paid", invoice(firstInvoice, service!.price)));
    await deliver(stripeEvent("customer.subscription.updated", subscriptionObject(stripeId, { status: "active", current_period_end: periodEnd })));
    const listed = (await t.app.inject({ method: "GET", url: "/api/subscriptions", headers: { cookie: customer.cookie } })).json().data;
    expect(listed.find((sub: { id: number }) => sub.id === row!.id)).toMatchObject({
      status: "active",
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
      provider: "stripe",
    });
    expect(await paymentNamed(firstInvoice)).toMatchObject({ status: "succeeded" });

    await deliver(stripeEvent("invoice.paid", invoice("in_renewal_1", service!.price)));
    expect(await paymentNamed("in_renewal_1")).toMatchObject({
      userId: customer.user.id,
      subscriptionId: row!.id,
      amount: service!.price,
      status: "succeeded",
      description: service!.name,
    });

    await deliver(stripeEvent("customer.subscription.deleted", subscriptionObject(stripeId, { status: "canceled" })));
    const [ended] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, row!.id));
    expect(ended!.status).toBe("canceled");
  });

  it("lists an attempt the customer never submitted to us once Stripe reports its outcome", async () => {
    const intentId = await startPayment();
    const listed = async () =>
      (await t.app.inject({ method: "GET", url: "/api/payments", headers: { cookie: customer.cookie } })).json().data as { reference: string }[];
    expect((await listed()).map((row) => row.reference)).not.toContain(intentId);
    await deliver(stripeEvent("payment_intent.processing", { id: intentId, object: "payment_intent" }));
    expect(await listed()).toContainEqual(expect.objectContaining({ reference: intentId, status: "processing" }));
  });

  describe("about a replaced attempt", () => {
    /** An attempt for a catalogue service, replaced (and cancelled at Stripe) when the price changed. */
    const replacedAttempt = async (slug: string) => {
      const [service] = await t.database.db
        .insert(services)
        .values({ slug, name: `Survey ${slug}`, description: "One site", category: "inspection", price: 20_000 })
        .returning();
      const start = async () =>
        (
          await t.app.inject({
            method: "POST",
            url: "/api/create-payment-intent",
            headers: { cookie: customer.cookie },
            payload: { service: service!.name, serviceId: service!.id },
          })
        ).json();
      const old = await start();
      await t.database.db.update(services).set({ price: 21_000 }).where(eq(services.id, service!.id));
      await start();
      return old.clientSecret.split("_secret_")[0] as string;
    };

    it("changes nothing, however often Stripe reports it cancelled or failed", async () => {
      const intentId = await replacedAttempt("replaced-once");
      expect(await paymentNamed(intentId)).toMatchObject({ status: "canceled", submittedAt: null });
      for (const type of ["payment_intent.canceled", "payment_intent.canceled", "payment_intent.payment_failed", "payment_intent.processing"]) {
        expect((await deliver(stripeEvent(type, { id: intentId, object: "payment_intent", last_payment_error: { message: "Declined" } }))).statusCode).toBe(
          200,
        );
      }
      // Not reopened: a failed attempt could be handed back to checkout and paid.
      expect(await paymentNamed(intentId)).toMatchObject({ status: "canceled", failureMessage: null, submittedAt: null });
    });

    it("records money Stripe took for it after all, and logs it for a refund", async () => {
      const intentId = await replacedAttempt("replaced-paid");
      await deliver(stripeEvent("payment_intent.succeeded", { id: intentId, object: "payment_intent", status: "succeeded" }));
      expect(await paymentNamed(intentId)).toMatchObject({ status: "succeeded", submittedAt: expect.any(Date) });
      const refund = errors.lines.map((line) => JSON.parse(line) as { msg: string; intentId?: string }).find((entry) => entry.intentId === intentId);
      expect(refund?.msg).toBe("Stripe took money for a cancelled attempt or an already paid quote, deposit or invoice: refund it");
    });
  });

  it("answers an event it does not follow with 200 and changes nothing", async () => {
    const res = await deliver(stripeEvent("customer.created", { id: "cus_other", object: "customer" }));
    expect(res.statusCode).toBe(200);
  });
});

describe("POST /api/stripe/webhook without Stripe", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers 503 Payments are not configured", async () => {
    const event = stripeEvent("payment_intent.succeeded", { id: "pi_x", object: "payment_intent" });
    const res = await deliverStripeEvent(t, event);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe("Payments are not configured");
  });
});
