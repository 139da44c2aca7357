import { and, eq, lte, ne, sql } from "drizzle-orm";
import { formatMoney } from "@common/money";
import type { PaymentStatus } from "@common/payments";
import { refreshInvoiceStatus } from "../billing/standing";
import type { Database } from "../db/client";
import { estimates, invoices, jobEvents, jobs, type Payment, payments, services, subscriptions } from "../db/schema";
import type { SubscriptionState } from "./provider";

/**
 * Where payment and subscription state changes, whichever provider reports it (Stripe's
 * webhooks, the demo's confirmation), so both keep the same records.
 */

export interface PaymentOutcome {
  status: PaymentStatus;
  failureMessage?: string | null;
}

/** Outcomes the customer caused by pressing Pay; an attempt reaching one shows in the Payments lists. */
const SUBMITTED_OUTCOMES: readonly PaymentStatus[] = ["processing", "succeeded", "failed"];

/**
 * What a payment's success changes besides itself, once (settlePayment applies it when the payment
 * first becomes succeeded, in the same transaction): an invoice it pays becomes paid when nothing is
 * left; a deposit goes into its job's history ("Deposit of $X paid", the job's state unchanged) and
 * counts towards an invoice already made from that estimate.
 */
async function applySucceeded(tx: Database, payment: Payment): Promise<void> {
  if (payment.invoiceId !== null) await refreshInvoiceStatus(tx, payment.invoiceId);
  if (payment.estimateId === null) return;
  const [job] = await tx
    .select({ id: jobs.id, status: jobs.status })
    .from(estimates)
    .innerJoin(jobs, eq(jobs.id, estimates.jobId))
    .where(eq(estimates.id, payment.estimateId));
  if (job) {
    await tx.insert(jobEvents).values({
      jobId: job.id,
      fromStatus: job.status,
      toStatus: job.status,
      byUserId: payment.userId,
      note: `Deposit of ${formatMoney(payment.amount, payment.currency.toUpperCase())} paid`,
    });
  }
  const invoiced = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.estimateId, payment.estimateId), eq(invoices.status, "open")));
  for (const invoice of invoiced) await refreshInvoiceStatus(tx, invoice.id);
}

/**
 * Records what became of a payment. A succeeded payment stays succeeded whatever arrives late (a
 * processing or failed event after the succeeded one changes nothing); a cancelled (replaced) attempt
 * stays cancelled unless the provider reports that money moved after all, which the books must then
 * show. Call it in a transaction: a payment becoming succeeded settles what it paid in the same one.
 */
export async function settlePayment(db: Database, providerPaymentId: string, outcome: PaymentOutcome) {
  const [payment] = await db
    .update(payments)
    .set({
      status: outcome.status,
      failureMessage: outcome.status === "failed" ? (outcome.failureMessage ?? null) : null,
      ...(SUBMITTED_OUTCOMES.includes(outcome.status) ? { submittedAt: sql`coalesce(${payments.submittedAt}, now())` } : {}),
    })
    .where(
      and(
        eq(payments.providerPaymentId, providerPaymentId),
        ne(payments.status, "succeeded"),
        outcome.status === "succeeded" ? undefined : ne(payments.status, "canceled"),
      ),
    )
    .returning();
  if (payment?.status === "succeeded") await applySucceeded(db, payment);
  return payment ?? null;
}

export async function applySubscriptionState(db: Database, providerSubscriptionId: string, state: SubscriptionState) {
  const [subscription] = await db
    .update(subscriptions)
    .set({ status: state.status, currentPeriodEnd: state.currentPeriodEnd, cancelAtPeriodEnd: state.cancelAtPeriodEnd })
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
    .returning();
  return subscription ?? null;
}

/**
 * A subscription invoice was paid or failed. The first one has its row since checkout; a
 * renewal gets its row now, so the customer's history shows every month charged.
 */
export async function recordInvoice(
  db: Database,
  invoice: { providerPaymentId: string; providerSubscriptionId: string | null; amount: number; outcome: PaymentOutcome },
): Promise<void> {
  if (await settlePayment(db, invoice.providerPaymentId, invoice.outcome)) return;
  if (!invoice.providerSubscriptionId || invoice.amount <= 0) return;
  const [subscription] = await db
    .select({
      id: subscriptions.id,
      userId: subscriptions.userId,
      serviceId: subscriptions.serviceId,
      provider: subscriptions.provider,
      serviceName: services.name,
    })
    .from(subscriptions)
    .innerJoin(services, eq(services.id, subscriptions.serviceId))
    .where(eq(subscriptions.providerSubscriptionId, invoice.providerSubscriptionId));
  if (!subscription) return;
  await db
    .insert(payments)
    .values({
      userId: subscription.userId,
      description: subscription.serviceName,
      serviceId: subscription.serviceId,
      subscriptionId: subscription.id,
      amount: invoice.amount,
      status: invoice.outcome.status,
      failureMessage: invoice.outcome.status === "failed" ? (invoice.outcome.failureMessage ?? null) : null,
      provider: subscription.provider,
      providerPaymentId: invoice.providerPaymentId,
      submittedAt: new Date(),
    })
    .onConflictDoNothing({ target: payments.providerPaymentId });
}

export function oneMonthAfter(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/**
 * The demo provider's clock: an active subscription whose period has ended either ends (when
 * cancelled at period end) or renews for another month with a charge in the history, as Stripe
 * would. Run before the customer's subscriptions are read.
 */
export async function rollDemoSubscriptions(db: Database, userId: number, now = new Date()): Promise<void> {
  const due = await db
    .select({ subscription: subscriptions, serviceName: services.name, price: services.price })
    .from(subscriptions)
    .innerJoin(services, eq(services.id, subscriptions.serviceId))
    .where(
      and(eq(subscriptions.userId, userId), eq(subscriptions.provider, "demo"), eq(subscriptions.status, "active"), lte(subscriptions.currentPeriodEnd, now)),
    );
  for (const { subscription, serviceName, price } of due) {
    if (subscription.cancelAtPeriodEnd) {
      await db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.id, subscription.id));
      continue;
    }
    let periodEnd = subscription.currentPeriodEnd ?? now;
    await db.transaction(async (tx) => {
      while (periodEnd <= now) {
        await tx
          .insert(payments)
          .values({
            userId,
            description: serviceName,
            serviceId: subscription.serviceId,
            subscriptionId: subscription.id,
            amount: price,
            status: "succeeded",
            provider: "demo",
            submittedAt: periodEnd,
            // The same id for the same period, so two readers at once record one charge.
            providerPaymentId: `demo_in_${subscription.id}_${periodEnd.getTime()}`,
          })
          .onConflictDoNothing({ target: payments.providerPaymentId });
        periodEnd = oneMonthAfter(periodEnd);
      }
      await tx.update(subscriptions).set({ currentPeriodEnd: periodEnd }).where(eq(subscriptions.id, subscription.id));
    });
  }
}
