import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { demoConfirmSchema, demoDeclineOf, paymentMessages } from "@common/payments";
import { hashToken } from "../auth/tokens";
import type { Database } from "../db/client";
import { payments, subscriptions } from "../db/schema";
import { oneMonthAfter, settlePayment } from "../payments/ledger";
import { currentUser, requireUser } from "../plugins/auth";
import { HttpError } from "../plugins/errors";

/**
 * The demo provider's card confirmation, registered only when the demo provider is in use
 * (never in production). It plays Stripe's part: decides the outcome from the test card and
 * settles the payment through the same ledger as Stripe's webhooks.
 */
export const demoPaymentRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /**
   * POST /api/demo-payments/confirm { clientSecret, cardNumber, expiry, cvc } — the customer who
   * owns the payment. 200 with the payment when it succeeds, 402 with the decline message.
   */
  app.post("/api/demo-payments/confirm", { preValidation: requireUser, schema: { body: demoConfirmSchema } }, async (request, reply) => {
    const { clientSecret, cardNumber } = request.body;
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.clientSecretHash, hashToken(clientSecret)), eq(payments.userId, currentUser(request).id), eq(payments.provider, "demo")));
    if (!payment) throw new HttpError(404, paymentMessages.paymentNotFound);
    if (payment.status === "succeeded") throw new HttpError(409, paymentMessages.paymentDone);
    if (payment.status === "canceled") throw new HttpError(409, paymentMessages.paymentCanceled);

    const declined = demoDeclineOf(cardNumber);
    if (declined) {
      await settlePayment(db, payment.providerPaymentId, { status: "failed", failureMessage: declined });
      return reply.code(402).send({ message: declined });
    }
    const settled = await db.transaction(async (tx) => {
      const paid = await settlePayment(tx, payment.providerPaymentId, { status: "succeeded" });
      if (paid?.subscriptionId) {
        await tx
          .update(subscriptions)
          .set({ status: "active", currentPeriodEnd: oneMonthAfter(new Date()), cancelAtPeriodEnd: false })
          .where(eq(subscriptions.id, paid.subscriptionId));
      }
      return paid;
    });
    // Two confirmations racing: the loser finds the payment already settled.
    if (!settled) throw new HttpError(409, paymentMessages.paymentDone);
    return { success: true, data: { id: settled.id, status: settled.status } };
  });
};
