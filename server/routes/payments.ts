import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { paymentIntentSchema, paymentListSchema, paymentStateSchema } from "@common/contract/payments";
import { createPaymentIntentSchema, paymentMessages, type PaymentStatus } from "@common/payments";
import { MAX_ID } from "@common/validation";
import type { Database } from "../db/client";
import { payments } from "../db/schema";
import { lockCustomerAttempts, openAttempt, unpayableReason } from "../payments/attempts";
import { chargeFor } from "../payments/charge";
import { providerCustomerOf } from "../payments/customer";
import type { PaymentProvider } from "../payments/provider";
import { requireProvider } from "../payments/select-provider";
import { currentUser, requireUser } from "../auth/session-hook";
import { answers, success } from "../http/answers";
import { HttpError } from "../http/errors";
import { accountLimiter, type Limiter } from "../http/rate-limit";

const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/** What a payment looks like in every list, the customer's and the admins'. */
export const paymentColumns = {
  id: payments.id,
  description: payments.description,
  amount: payments.amount,
  currency: payments.currency,
  status: payments.status,
  failureMessage: payments.failureMessage,
  serviceId: payments.serviceId,
  quoteId: payments.quoteId,
  subscriptionId: payments.subscriptionId,
  estimateId: payments.estimateId,
  invoiceId: payments.invoiceId,
  provider: payments.provider,
  method: payments.method,
  refundedAmount: payments.refundedAmount,
  /** Stripe's id, which /payment-success receives back in its address. */
  reference: payments.providerPaymentId,
  createdAt: payments.createdAt,
};

/** The lists show what the customer tried to pay: an attempt only opened by visiting checkout is not one. */
export const listedPayment = isNotNull(payments.submittedAt);

interface PaymentRouteOptions {
  db: Database;
  provider: PaymentProvider | null;
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

export const paymentRoutes: FastifyPluginAsync<PaymentRouteOptions> = async (base, { db, provider, limitNewAttempts }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /**
   * POST /api/create-payment-intent { amount, service, quoteId?, serviceId? } — a customer: the
   * client secret of the payment checkout shows (docs/product.md §7) with the amount actually charged. The
   * customer's open attempt for the same thing is handed back rather than a second one made.
   */
  app.post("/api/create-payment-intent", { preValidation: requireUser, schema: { body: createPaymentIntentSchema, response: answers({ 200: paymentIntentSchema }) } }, async (request, reply) => {
    const activeProvider = requireProvider(provider);
    const user = currentUser(request);
    const charge = await chargeFor(db, user, request.body);
    const customerId = await providerCustomerOf(db, activeProvider, user);
    const metadata: Record<string, string> = { userId: String(user.id), service: charge.description };
    if (charge.quoteId !== undefined) metadata.quoteId = String(charge.quoteId);
    if (charge.serviceId !== undefined) metadata.serviceId = String(charge.serviceId);
    const attempt = await openAttempt(db, activeProvider, { user, customerId, charge, metadata, beforeCreate: () => limitNewAttempts(request, reply) });
    return {
      clientSecret: attempt.clientSecret,
      paymentId: attempt.paymentId,
      provider: activeProvider.kind,
      publishableKey: activeProvider.publishableKey,
      service: charge.description,
      amount: charge.amount / 100,
    };
  });

  /**
   * POST /api/payments/:id/submit — the payment's owner, right before the browser confirms with
   * Stripe: from now on the attempt shows in the lists. 409 when it can no longer be paid (already
   * paid, cancelled, or its quote paid by another attempt), so the browser does not confirm.
   */
  app.post("/api/payments/:id/submit", { preValidation: requireUser, schema: { params: idParams, response: answers({ 200: paymentStateSchema }) } }, async (request) => {
    const activeProvider = requireProvider(provider);
    const userId = currentUser(request).id;
    const outcome = await db.transaction(async (tx): Promise<{ missing: true } | { refusal: string } | { submitted: { id: number; status: PaymentStatus } }> => {
      await lockCustomerAttempts(tx, userId);
      const [attempt] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.id, request.params.id), eq(payments.userId, userId)));
      if (!attempt) return { missing: true };
      const refusal = await unpayableReason(tx, activeProvider, attempt);
      if (refusal) return { refusal };
      const [submitted] = await tx
        .update(payments)
        .set({ submittedAt: attempt.submittedAt ?? new Date() })
        .where(eq(payments.id, attempt.id))
        .returning({ id: payments.id, status: payments.status });
      return { submitted: submitted! };
    });
    if ("missing" in outcome) throw new HttpError(404, paymentMessages.paymentNotFound);
    if ("refusal" in outcome) throw new HttpError(409, outcome.refusal);
    return success(outcome.submitted);
  });

  /** GET /api/payments — a customer: their own payments, newest first. */
  app.get("/api/payments", { preValidation: requireUser, schema: { response: answers({ 200: paymentListSchema }) } }, async (request) => {
    const rows = await db
      .select(paymentColumns)
      .from(payments)
      .where(and(eq(payments.userId, currentUser(request).id), listedPayment))
      .orderBy(desc(payments.createdAt), desc(payments.id));
    return success(rows);
  });
};
