import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceMessages } from "@common/invoices";
import { paymentMessages } from "@common/checkout";
import { depositStanding } from "../billing/standing";
import { invoices, jobEvents, payments, refunds } from "../db/schema";
import { readOutbox } from "../mail/outbox";
import { estimateFixture, invoiceFixture } from "../testing/billing";
import { registerUser, type TestUser } from "../testing/factories";
import { deliverStripeEvent, intentOf, paymentAppWithStripe, postAs, stripeEventsSignedWith } from "../testing/stripe-app";
import type { StripePeer } from "../testing/stripe-peer";
import type { TestApp } from "../testing/test-app";

const KEYS = { secretKey: "sk_test_billing", publishableKey: "pk_test_billing", webhookSecret: "whsec_billing" };
const stripeEvent = stripeEventsSignedWith(KEYS.webhookSecret, "evt_billing");

describe("deposits, invoices and refunds with Stripe, against a Stripe-shaped server", () => {
  let peer: StripePeer, t: TestApp, admin: TestUser;
  beforeAll(async () => ({ t, peer, admin } = await paymentAppWithStripe(KEYS)));
  afterAll(() => t.close());

  const post = (url: string, user: TestUser, payload?: object) => postAs(t, url, user, payload);
  const deliver = (event: { payload: string; signature: string }) => deliverStripeEvent(t, event);
  const intentEvent = (type: string, intentId: string, id?: string) =>
    stripeEvent(type, { id: intentId, object: "payment_intent", status: type.split(".")[1] }, id);
  const rowOf = async (paymentId: number) => (await t.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;
  const invoiceStatus = async (id: number) => (await t.database.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id)))[0]!.status;

  /** Checkout of `towards`, and Stripe taking the money (the browser confirmed it, the webhook follows): the payment and its PaymentIntent. */
  async function payAtStripe(customer: TestUser, towards: { estimateId: number } | { invoiceId: number }) {
    const started = await post("/api/create-payment-intent", customer, { service: "Billing", ...towards });
    expect(started.statusCode).toBe(200);
    const intentId = intentOf(started.json().clientSecret);
    peer.updatePaymentIntent(intentId, { status: "succeeded" });
    return { paymentId: started.json().paymentId as number, intentId, amount: started.json().amount as number };
  }

  async function acceptedEstimate(fixture: { total?: number; deposit?: number } = {}) {
    const customer = await registerUser(t);
    return { customer, ...(await estimateFixture(t.database.db, { userId: customer.user.id, ...fixture })) };
  }

  describe("a deposit", () => {
    it("is a PaymentIntent of the deposit, paid once Stripe's webhook says so, into the job's history and the customer's mail", async () => {
      const { customer, jobId, estimateId } = await acceptedEstimate({ total: 232_738, deposit: 69_821 });
      const { paymentId, intentId, amount } = await payAtStripe(customer, { estimateId });
      expect(amount).toBe(698.21);
      expect(peer.calls("POST", "/v1/payment_intents").at(-1)!.params).toMatchObject({
        amount: "69821",
        currency: "usd",
        description: `Deposit for Estimate #${jobId}`,
        "metadata[estimateId]": String(estimateId),
        "metadata[userId]": String(customer.user.id),
      });
      expect(await depositStanding(t.database.db, estimateId)).toMatchObject({ paid: 0, balance: 69_821 });

      expect((await deliver(intentEvent("payment_intent.succeeded", intentId))).json()).toEqual({ received: true, duplicate: false });
      expect(await rowOf(paymentId)).toMatchObject({ status: "succeeded", estimateId });
      expect(await depositStanding(t.database.db, estimateId)).toMatchObject({ paid: 69_821, balance: 0 });
      expect((await t.database.db.select().from(jobEvents).where(eq(jobEvents.jobId, jobId))).map((event) => event.note)).toEqual(["Deposit of $698.21 paid"]);
      const mails = (await readOutbox(t.database.db)).filter((mail) => mail.to === customer.user.email);
      expect(mails.map((mail) => mail.subject)).toEqual([`Receipt for Deposit for Estimate #${jobId}: $698.21`]);

      const again = await post("/api/create-payment-intent", customer, { service: "Billing", estimateId });
      expect([again.statusCode, again.json().message]).toEqual([409, paymentMessages.depositPaid]);
    });

    it("refuses a second tab's checkout of a deposit Stripe already took, before the webhook arrives", async () => {
      const { customer, jobId, estimateId } = await acceptedEstimate();
      const { paymentId, intentId } = await payAtStripe(customer, { estimateId });
      const second = await post("/api/create-payment-intent", customer, { service: "Billing", estimateId });
      expect([second.statusCode, second.json().message]).toEqual([409, paymentMessages.depositPaid]);
      expect(await rowOf(paymentId)).toMatchObject({ status: "succeeded" });
      expect(await depositStanding(t.database.db, estimateId)).toMatchObject({ paid: 30_000, balance: 0 });

      // The webhook arriving afterwards changes nothing more, but the receipt still goes out, once.
      await deliver(intentEvent("payment_intent.succeeded", intentId));
      await deliver(intentEvent("payment_intent.succeeded", intentId));
      const mails = (await readOutbox(t.database.db)).filter((mail) => mail.to === customer.user.email);
      expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Receipt for Deposit for Estimate #\d+: \$300\.00$/)]);
      expect((await t.database.db.select().from(jobEvents).where(eq(jobEvents.jobId, jobId))).map((event) => event.note)).toEqual(["Deposit of $300.00 paid"]);
    });
  });

  describe("an invoice", () => {
    it("charges its balance, and is paid by the webhook once, however often or late Stripe repeats itself", async () => {
      const { customer, jobId, estimateId } = await acceptedEstimate({ total: 232_738, deposit: 69_821 });
      const deposit = await payAtStripe(customer, { estimateId });
      await deliver(intentEvent("payment_intent.succeeded", deposit.intentId));
      const { id, number } = await invoiceFixture(t.database.db, { jobId, estimateId, total: 232_738 });

      const { paymentId, intentId, amount } = await payAtStripe(customer, { invoiceId: id });
      expect(amount).toBe(1629.17);
      expect(peer.calls("POST", "/v1/payment_intents").at(-1)!.params).toMatchObject({
        amount: "162917",
        description: `Invoice ${number}`,
        "metadata[invoiceId]": String(id),
      });
      expect(await invoiceStatus(id)).toBe("open");

      const succeeded = intentEvent("payment_intent.succeeded", intentId);
      expect((await deliver(succeeded)).json().duplicate).toBe(false);
      expect(await invoiceStatus(id)).toBe("paid");
      // The same event again, a late processing one, and another succeeded one: nothing changes twice.
      expect((await deliver(succeeded)).json().duplicate).toBe(true);
      expect((await deliver(intentEvent("payment_intent.processing", intentId))).json().duplicate).toBe(false);
      expect((await deliver(intentEvent("payment_intent.payment_failed", intentId))).statusCode).toBe(200);
      expect((await deliver(intentEvent("payment_intent.succeeded", intentId))).json().duplicate).toBe(false);
      expect(await rowOf(paymentId)).toMatchObject({ status: "succeeded", failureMessage: null });
      expect(await invoiceStatus(id)).toBe("paid");
      const mails = (await readOutbox(t.database.db)).filter(
        (mail) => mail.to === customer.user.email && mail.subject.startsWith(`Receipt for Invoice ${number}`),
      );
      expect(mails).toHaveLength(1);

      const second = await post("/api/create-payment-intent", customer, { service: "Billing", invoiceId: id });
      expect([second.statusCode, second.json().message]).toEqual([409, paymentMessages.invoiceNotPayable]);
    });

    it("keeps an invoice open while its payment is processing, refuses another meanwhile, and pays it when Stripe settles", async () => {
      const { customer, jobId } = await acceptedEstimate({ deposit: 0 });
      const { id } = await invoiceFixture(t.database.db, { jobId, total: 45_000 });
      const started = await post("/api/create-payment-intent", customer, { service: "Billing", invoiceId: id });
      const intentId = intentOf(started.json().clientSecret);
      await deliver(intentEvent("payment_intent.processing", intentId));
      expect(await invoiceStatus(id)).toBe("open");
      const meanwhile = await post("/api/create-payment-intent", customer, { service: "Billing", invoiceId: id });
      expect([meanwhile.statusCode, meanwhile.json().message]).toEqual([409, paymentMessages.processing]);
      await deliver(intentEvent("payment_intent.succeeded", intentId));
      expect(await invoiceStatus(id)).toBe("paid");
    });
  });

  describe("refunds", () => {
    /** A deposit paid at Stripe and recorded by its webhook. */
    async function paidDeposit(deposit = 30_000) {
      const { customer, estimateId } = await acceptedEstimate({ deposit });
      const payment = await payAtStripe(customer, { estimateId });
      await deliver(intentEvent("payment_intent.succeeded", payment.intentId));
      return payment;
    }
    const refund = (paymentId: number, payload: object) => post(`/api/admin/payments/${paymentId}/refund`, admin, payload);

    it("refunds part, then the rest, of the PaymentIntent at Stripe, each with its own idempotency key", async () => {
      const { paymentId, intentId } = await paidDeposit();
      const part = await refund(paymentId, { amount: 12_000, reason: "Flew half the site" });
      expect(part.statusCode).toBe(201);
      expect(part.json().data).toMatchObject({ paymentId, amount: 12_000, status: "succeeded", refundedAmount: 12_000 });
      const rest = await refund(paymentId, { amount: 18_000 });
      expect(rest.json().data).toMatchObject({ amount: 18_000, refundedAmount: 30_000 });

      const calls = peer.calls("POST", "/v1/refunds").filter((call) => call.params.payment_intent === intentId);
      expect(calls.map((call) => call.params)).toEqual([
        { payment_intent: intentId, amount: "12000" },
        { payment_intent: intentId, amount: "18000" },
      ]);
      expect(calls.map((call) => call.idempotencyKey)).toEqual([`refund-${paymentId}-1-12000`, `refund-${paymentId}-2-18000`]);
      const rows = await t.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
      expect(rows.map((row) => [row.amount, row.status, row.providerRefundId.startsWith("re_")])).toEqual([
        [12_000, "succeeded", true],
        [18_000, "succeeded", true],
      ]);
      expect(await rowOf(paymentId)).toMatchObject({ refundedAmount: 30_000 });
    });

    it("refuses a refund above what is left without asking Stripe", async () => {
      const { paymentId } = await paidDeposit();
      await refund(paymentId, { amount: 29_000 });
      const before = peer.calls("POST", "/v1/refunds").length;
      const over = await refund(paymentId, { amount: 1_001 });
      expect([over.statusCode, over.json().errors]).toEqual([400, { amount: invoiceMessages.refundAboveRefundable }]);
      expect(peer.calls("POST", "/v1/refunds")).toHaveLength(before);
      expect(await rowOf(paymentId)).toMatchObject({ refundedAmount: 29_000 });
    });

    it("changes nothing when Stripe refuses or is down", async () => {
      const { paymentId } = await paidDeposit();
      peer.failNext("POST", "/v1/refunds", 503, { type: "api_error", message: "Down" }, 3);
      const down = await refund(paymentId, { amount: 1_000 });
      expect(down.statusCode).toBe(503);
      expect(await rowOf(paymentId)).toMatchObject({ refundedAmount: 0 });
      expect(await t.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId))).toEqual([]);
    });

    it("gives a failed refund's amount back once, whatever order and however often Stripe reports it", async () => {
      const { paymentId } = await paidDeposit();
      peer.refundsAs("pending");
      const pending = (await refund(paymentId, { amount: 10_000 })).json().data;
      peer.refundsAs("succeeded");
      expect(pending).toMatchObject({ status: "pending", refundedAmount: 10_000 });
      const [row] = await t.database.db.select().from(refunds).where(eq(refunds.id, pending.id));
      const refundObject = (status: string) => ({ id: row!.providerRefundId, object: "refund", amount: 10_000, status, payment_intent: "pi_x" });

      const failed = stripeEvent("refund.failed", refundObject("failed"));
      await deliver(failed);
      expect(await rowOf(paymentId)).toMatchObject({ refundedAmount: 0 });
      await deliver(failed);
      await deliver(stripeEvent("refund.updated", refundObject("failed")));
      await deliver(stripeEvent("charge.refund.updated", refundObject("pending")));
      await deliver(stripeEvent("refund.updated", refundObject("succeeded")));
      expect(await rowOf(paymentId)).toMatchObject({ refundedAmount: 0 });
      expect((await t.database.db.select().from(refunds).where(eq(refunds.id, pending.id)))[0]).toMatchObject({ status: "failed" });
    });

    it("does not take a succeeded refund back to pending when a late update arrives", async () => {
      const { paymentId } = await paidDeposit();
      peer.refundsAs("pending");
      const given = (await refund(paymentId, { amount: 5_000 })).json().data;
      peer.refundsAs("succeeded");
      const [row] = await t.database.db.select().from(refunds).where(eq(refunds.id, given.id));
      const refundObject = (status: string) => ({ id: row!.providerRefundId, object: "refund", amount: 5_000, status });
      await deliver(stripeEvent("refund.updated", refundObject("succeeded")));
      await deliver(stripeEvent("refund.updated", refundObject("pending")));
      expect((await t.database.db.select().from(refunds).where(eq(refunds.id, given.id)))[0]).toMatchObject({ status: "succeeded" });
      expect(await rowOf(paymentId)).toMatchObject({ refundedAmount: 5_000 });
    });
  });
});
