import { and, eq, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type Stripe from "stripe";
import type { Database } from "../db/client";
import { payments } from "../db/schema";
import { applySubscriptionState, recordInvoice, settlePayment } from "./ledger";
import { stateOfSubscription } from "./stripe-provider";

const PAYMENT_NOT_COMPLETED = "Your payment was not completed.";

const subscriptionIdOf = (invoice: Stripe.Invoice): string | null => {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (!subscription) return null;
  return typeof subscription === "string" ? subscription : subscription.id;
};

/**
 * Stripe took money for an attempt we had cancelled, or for a quote another attempt already paid.
 * Attempts are made and replaced one at a time per customer and cancelled at Stripe before any
 * other is made, so this should not happen; if it does, the books show the money (Stripe has it)
 * and the log says which payment to refund.
 */
async function recordPaidIntent(db: Database, intentId: string, log: FastifyBaseLogger): Promise<void> {
  const [before] = await db.select({ status: payments.status }).from(payments).where(eq(payments.providerPaymentId, intentId));
  const paid = await settlePayment(db, intentId, { status: "succeeded" });
  if (!paid) return;
  const [otherPayment] = paid.quoteId === null
    ? []
    : await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.quoteId, paid.quoteId), eq(payments.status, "succeeded"), ne(payments.id, paid.id)))
        .limit(1);
  if (before?.status === "canceled" || otherPayment) {
    log.error({ paymentId: paid.id, intentId, quoteId: paid.quoteId, otherPaymentId: otherPayment?.id }, "Stripe took money for a cancelled attempt or an already paid quote: refund it");
  }
}

/** Applies one verified Stripe event to our records; events we do not follow change nothing. */
export async function applyStripeEvent(db: Database, event: Stripe.Event, log: FastifyBaseLogger): Promise<void> {
  switch (event.type) {
    case "payment_intent.succeeded":
      await recordPaidIntent(db, event.data.object.id, log);
      return;
    case "payment_intent.processing":
      await settlePayment(db, event.data.object.id, { status: "processing" });
      return;
    case "payment_intent.payment_failed":
      await settlePayment(db, event.data.object.id, {
        status: "failed",
        failureMessage: event.data.object.last_payment_error?.message ?? PAYMENT_NOT_COMPLETED,
      });
      return;
    case "payment_intent.canceled":
      await settlePayment(db, event.data.object.id, { status: "canceled" });
      return;
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      if (!invoice.id) return;
      const paid = event.type === "invoice.paid";
      await recordInvoice(db, {
        providerPaymentId: invoice.id,
        providerSubscriptionId: subscriptionIdOf(invoice),
        amount: paid ? invoice.amount_paid : invoice.amount_due,
        outcome: paid ? { status: "succeeded" } : { status: "failed", failureMessage: PAYMENT_NOT_COMPLETED },
      });
      return;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
      await applySubscriptionState(db, event.data.object.id, stateOfSubscription(event.data.object));
      return;
    default:
      return;
  }
}
