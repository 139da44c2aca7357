import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { paymentStateSchema } from "@common/contract/payments";
import { demoConfirmSchema, demoDeclineOf, type PaymentStatus } from "@common/payments";
import { paymentMessages } from "@common/checkout";
import { hashToken } from "../auth/tokens";
import type { BillingRouteOptions, PaymentProvider } from "../payments/provider";
import { payments, subscriptions } from "../db/schema";
import { lockCustomerAttempts, unpayableReason } from "../payments/attempts";
import { oneMonthAfter, settlePayment } from "../payments/ledger";
import { currentUser, requireUser } from "../auth/session-hook";
import { answers, success } from "../http/answers";
import { HttpError } from "../http/errors";
import { mailReceipt } from "../payments/receipt-mails";

type Confirmation = { missing: true } | { refusal: string } | { declined: string } | { paid: { id: number; status: PaymentStatus } };

/**
 * The demo provider's card confirmation, registered only when the demo provider is in use
 * (never in production). It plays Stripe's part: decides the outcome from the test card and
 * settles the payment through the same ledger as Stripe's webhooks.
 */
export const demoPaymentRoutes: FastifyPluginAsync<Pick<BillingRouteOptions, "db" | "queue" | "billing"> & { provider: PaymentProvider }> = async (
  base,
  deps,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, provider } = deps;

  /** The payment went through: its receipt is mailed after the commit; a mail that cannot be queued never fails the payment. */
  const sendReceipt = (request: FastifyRequest, paymentId: number) =>
    deps
      .billing()
      .then((billing) => mailReceipt({ ...deps, billing }, paymentId))
      .catch((error: unknown) => request.log.error({ err: error, paymentId }, "receipt mail could not be queued"));

  /**
   * POST /api/demo-payments/confirm { clientSecret, cardNumber, expiry, cvc } — the customer who
   * owns the payment. 200 with the payment when it succeeds, 402 with the decline message, 409 when
   * it can no longer be paid (already paid, cancelled or replaced, or its quote paid by another).
   */
  app.post(
    "/api/demo-payments/confirm",
    { preValidation: requireUser, schema: { body: demoConfirmSchema, response: answers({ 200: paymentStateSchema }) } },
    async (request, reply) => {
      const { clientSecret, cardNumber } = request.body;
      const userId = currentUser(request).id;
      // Under the customer's lock, so two tabs confirming at once, or a confirmation racing a
      // replacement, settle one after the other: the second finds the first's outcome.
      const outcome = await db.transaction(async (tx): Promise<Confirmation> => {
        await lockCustomerAttempts(tx, userId);
        const [payment] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.clientSecretHash, hashToken(clientSecret)), eq(payments.userId, userId), eq(payments.provider, "demo")));
        if (!payment) return { missing: true };
        const refusal = await unpayableReason(tx, provider, payment);
        if (refusal) return { refusal };

        const declined = demoDeclineOf(cardNumber);
        if (declined) {
          await settlePayment(tx, payment.providerPaymentId, { status: "failed", failureMessage: declined });
          return { declined };
        }
        const paid = await settlePayment(tx, payment.providerPaymentId, { status: "succeeded" });
        if (paid?.subscriptionId) {
          await tx
            .update(subscriptions)
            .set({ status: "active", currentPeriodEnd: oneMonthAfter(new Date()), cancelAtPeriodEnd: false })
            .where(eq(subscriptions.id, paid.subscriptionId));
        }
        return paid ? { paid: { id: paid.id, status: paid.status } } : { refusal: paymentMessages.paymentDone };
      });
      if ("missing" in outcome) throw new HttpError(404, paymentMessages.paymentNotFound);
      if ("refusal" in outcome) throw new HttpError(409, outcome.refusal);
      if ("declined" in outcome) return reply.code(402).send({ message: outcome.declined });
      await sendReceipt(request, outcome.paid.id);
      return success(outcome.paid);
    },
  );
};
