import type Stripe from "stripe";
import type { Database } from "../db/client";
import { applySubscriptionState, recordInvoice, settlePayment } from "./ledger";
import { stateOfSubscription } from "./stripe-provider";

const PAYMENT_NOT_COMPLETED = "Your payment was not completed.";

const subscriptionIdOf = (invoice: Stripe.Invoice): string | null => {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (!subscription) return null;
  return typeof subscription === "string" ? subscription : subscription.id;
};

/** Applies one verified Stripe event to our records; events we do not follow change nothing. */
export async function applyStripeEvent(db: Database, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case "payment_intent.succeeded":
      await settlePayment(db, event.data.object.id, { status: "succeeded" });
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
