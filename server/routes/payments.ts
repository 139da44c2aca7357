import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { paymentIntentSchema, paymentListSchema, paymentStateSchema } from "@common/contract/payments";
import { createPaymentIntentSchema } from "@common/payments";
import { paymentMessages } from "@common/checkout";
import { readableReceipt } from "../payments/receipts";
import type { BillingSource } from "../billing/settings";
import type { Database } from "../db/client";
import { renderReceiptPdf } from "../pdf/receipt-pdf";
import { openAttempt, submitAttempt } from "../payments/attempts";
import { chargeFor } from "../payments/charge";
import { providerCustomerOf } from "../payments/customer";
import type { PaymentProvider } from "../payments/provider";
import { requireProvider } from "../payments/select-provider";
import { currentUser, requireUser } from "../auth/session-hook";
import { answers, success } from "../http/answers";
import { accountLimiter, type Limiter } from "../http/rate-limit";
import { idParams } from "../http/id-params";
import { customerPayments } from "../payments/read-payments";

interface PaymentRouteOptions {
  db: Database;
  provider: PaymentProvider | null;
  /** The business, currency and time zone receipts print. */
  billing: BillingSource;
  /** Counts a new payment attempt of the customer (card testing); reused attempts are not counted. */
  limitNewAttempts: Limiter;
}

/**
 * New payment attempts per customer per hour (card testing). Made once per app and handed to both
 * routes, so one-off payments and subscriptions count against one budget: each makes a payment a
 * card can be tried on.
 */
export function paymentAttemptLimiter(app: FastifyInstance, attemptsPerHour: number): Limiter {
  return accountLimiter(app, "payment-attempt", attemptsPerHour, 3_600_000, paymentMessages.tooManyAttempts, (request) => String(currentUser(request).id));
}

export const paymentRoutes: FastifyPluginAsync<PaymentRouteOptions> = async (base, { db, provider, billing, limitNewAttempts }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /**
   * POST /api/create-payment-intent { amount, service, quoteId?, serviceId?, estimateId?, invoiceId? } —
   * a customer: the client secret of the payment checkout shows (docs/product.md §7) with the amount
   * actually charged, in dollars (what is left of the estimate's deposit, the invoice's balance). The
   * customer's open attempt for the same thing is handed back rather than a second one made. Another
   * customer's estimate or invoice: 404; nothing to pay (not accepted, no deposit, paid, void, a
   * payment being processed): 409.
   */
  app.post(
    "/api/create-payment-intent",
    { preValidation: requireUser, schema: { body: createPaymentIntentSchema, response: answers({ 200: paymentIntentSchema }) } },
    async (request, reply) => {
      const activeProvider = requireProvider(provider);
      const user = currentUser(request);
      // Refused before the provider hears of the customer; decided again under the customer's lock.
      await chargeFor(db, user, request.body);
      const customerId = await providerCustomerOf(db, activeProvider, user);
      const attempt = await openAttempt(db, activeProvider, {
        user,
        customerId,
        chargeOf: (tx) => chargeFor(tx, user, request.body),
        metadata: { userId: String(user.id) },
        beforeCreate: () => limitNewAttempts(request, reply),
      });
      return {
        clientSecret: attempt.clientSecret,
        paymentId: attempt.paymentId,
        provider: activeProvider.kind,
        publishableKey: activeProvider.publishableKey,
        service: attempt.charge.description,
        amount: attempt.charge.amount / 100,
      };
    },
  );

  /**
   * POST /api/payments/:id/submit — the payment's owner, right before the browser confirms with
   * Stripe: from now on the attempt shows in the lists. 409 when it can no longer be paid (already
   * paid, cancelled, or its quote paid by another attempt), so the browser does not confirm.
   */
  app.post(
    "/api/payments/:id/submit",
    { preValidation: requireUser, schema: { params: idParams, response: answers({ 200: paymentStateSchema }) } },
    async (request) => {
      return success(await submitAttempt(db, requireProvider(provider), currentUser(request).id, request.params.id));
    },
  );

  /**
   * GET /api/payments/:id/receipt — the payment's customer, or an admin: its receipt as a PDF
   * (receipt-12.pdf). Anyone else's payment is as missing (404); 409 until it succeeded.
   */
  app.get(
    "/api/payments/:id/receipt",
    {
      preValidation: requireUser,
      schema: {
        description: "The payment's customer, or an admin; another customer's payment answers 404.",
        params: idParams,
        response: {
          ...answers({}),
          200: { description: "The receipt as a PDF", content: { "application/pdf": { schema: z.string().meta({ format: "binary" }) } } },
        },
      },
    },
    async (request, reply) => {
      const receipt = await readableReceipt(db, await billing(), currentUser(request), request.params.id);
      const pdf = await renderReceiptPdf(receipt);
      // The PDF's bytes are sent as they are: the 200 describes them for the API document and is never serialized.
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="receipt-${request.params.id}.pdf"`)
        .send(pdf as never);
    },
  );

  /** GET /api/payments — a customer: their own payments, newest first. */
  app.get("/api/payments", { preValidation: requireUser, schema: { response: answers({ 200: paymentListSchema }) } }, async (request) => {
    return success(await customerPayments(db, currentUser(request).id));
  });
};
