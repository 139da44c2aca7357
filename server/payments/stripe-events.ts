import { and, eq, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type Stripe from "stripe";
import { z } from "zod";
import { MAX_ID } from "@common/validation";
import type { Database } from "../db/client";
import { depositStanding, invoiceStanding } from "../billing/standing";
import { invoices, type Payment, payments } from "../db/schema";
import { assertStorableInput } from "../db/storable-input";
import { DomainError } from "../domain-errors";
import { applySubscriptionState, recordInvoice, settlePayment } from "./ledger";
import { applyRefundState } from "./refunds";
import { refundStatusOf, stateOfSubscription } from "./stripe-provider";

const PAYMENT_NOT_COMPLETED = "Your payment was not completed.";

const subscriptionIdOf = (invoice: Stripe.Invoice): string | null => {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (!subscription) return null;
  return typeof subscription === "string" ? subscription : subscription.id;
};

/** Whether money a payment took goes beyond what its quote, deposit or invoice asked: paid by another payment too. */
async function paidTwice(db: Database, paid: Payment): Promise<boolean> {
  if (paid.estimateId !== null) {
    const standing = await depositStanding(db, paid.estimateId);
    return standing.paid > standing.due;
  }
  if (paid.invoiceId !== null) {
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, paid.invoiceId));
    return invoice ? (await invoiceStanding(db, invoice)).paid > invoice.total : false;
  }
  if (paid.quoteId === null) return false;
  const [otherPayment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.quoteId, paid.quoteId), eq(payments.status, "succeeded"), ne(payments.id, paid.id)))
    .limit(1);
  return otherPayment !== undefined;
}

/**
 * Stripe took money for an attempt we had cancelled, or for a quote, deposit or invoice another
 * attempt already paid. Attempts are made and replaced one at a time per customer and cancelled at
 * Stripe before any other is made, so this should not happen; if it does, the books show the money
 * (Stripe has it) and the log says which payment to refund. Answers the payment's id once it is
 * succeeded, whether this event or an earlier look at Stripe (a second checkout) made it so.
 */
async function recordPaidIntent(db: Database, intentId: string, log: FastifyBaseLogger): Promise<number | null> {
  const [before] = await db.select({ id: payments.id, status: payments.status }).from(payments).where(eq(payments.providerPaymentId, intentId));
  const paid = await settlePayment(db, intentId, { status: "succeeded" });
  if (!paid) return before?.status === "succeeded" ? before.id : null;
  if (before?.status === "canceled" || (await paidTwice(db, paid))) {
    log.error(
      { paymentId: paid.id, intentId, quoteId: paid.quoteId, estimateId: paid.estimateId, invoiceId: paid.invoiceId },
      "Stripe took money for a cancelled attempt or an already paid quote, deposit or invoice: refund it",
    );
  }
  return paid.id;
}

/** A refund's later state; Stripe sends the refund object with each (charge.refund.updated for older integrations). */
const REFUND_EVENTS: readonly string[] = ["refund.updated", "refund.failed", "charge.refund.updated"];

const stripeId = z.string().min(1).max(255);
const cents = z.number().int().min(0).max(MAX_ID);

/** The fields applyStripeEvent reads, by the events it follows. */
const paymentIntentFields = z.object({ id: stripeId, last_payment_error: z.object({ message: z.string().nullish() }).nullish() });
const invoiceFields = z.object({
  id: stripeId.nullish(),
  amount_paid: cents,
  amount_due: cents,
  parent: z.object({ subscription_details: z.object({ subscription: z.union([stripeId, z.object({ id: stripeId })]).nullish() }).nullish() }).nullish(),
});
const refundFields = z.object({ id: stripeId, status: z.string().max(100).nullish() });
const subscriptionFields = z.object({
  id: stripeId,
  status: z.string().max(100),
  cancel_at_period_end: z.boolean(),
  items: z.object({ data: z.array(z.object({ current_period_end: z.number().nullish() })) }),
});
const envelope = z.object({ id: stripeId, type: z.string().max(255), data: z.object({ object: z.record(z.string(), z.unknown()) }) });

function fieldsOf(type: string): z.ZodType | null {
  if (type.startsWith("payment_intent.")) return paymentIntentFields;
  if (type.startsWith("invoice.")) return invoiceFields;
  if (type.startsWith("customer.subscription.")) return subscriptionFields;
  if (REFUND_EVENTS.includes(type)) return refundFields;
  return null;
}

/**
 * Refuses a verified event that lacks what its type promises (a payload of another API version,
 * say), before anything is recorded: Stripe is told (a 400 it retries and shows in its dashboard)
 * instead of the event being half applied or failing on our side.
 */
export function assertReadableEvent(event: Stripe.Event): void {
  const readable = envelope.safeParse(event).success && (fieldsOf(event.type)?.safeParse(event.data.object).success ?? true);
  if (!readable) throw new DomainError("invalid", "The event does not carry the fields its type promises");
  assertStorableInput(event.id, event.type, event.data.object);
}

/** What an applied event leaves to do once its transaction committed. */
export interface AppliedEvent {
  /**
   * The succeeded payment it reports, whose receipt goes out (server/payments/receipt-mails.ts, once per
   * payment): also when our record caught up before the webhook came, so that receipt is not lost.
   */
  succeededPaymentId: number | null;
}

/** Applies one verified Stripe event to our records; events we do not follow change nothing. */
export async function applyStripeEvent(db: Database, event: Stripe.Event, log: FastifyBaseLogger): Promise<AppliedEvent> {
  if (event.type === "payment_intent.succeeded") {
    return { succeededPaymentId: await recordPaidIntent(db, event.data.object.id, log) };
  }
  await applyOtherEvent(db, event);
  return { succeededPaymentId: null };
}

async function applyOtherEvent(db: Database, event: Stripe.Event): Promise<void> {
  switch (event.type) {
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
    case "refund.updated":
    case "refund.failed":
    case "charge.refund.updated":
      await applyRefundState(db, event.data.object.id, refundStatusOf(event.data.object.status));
      return;
    default:
      return;
  }
}
