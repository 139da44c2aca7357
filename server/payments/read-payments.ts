import { and, desc, eq, gte, isNotNull } from "drizzle-orm";
import { calendarDateIn } from "@common/calendar-date";
import { paymentJobId } from "../billing/job-amounts";
import type { Database } from "../db/client";
import { payments } from "../db/schema";

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
  jobId: paymentJobId,
  provider: payments.provider,
  method: payments.method,
  refundedAmount: payments.refundedAmount,
  /** Stripe's id, which /payment-success receives back in its address. */
  reference: payments.providerPaymentId,
  createdAt: payments.createdAt,
};

/** The lists show what the customer tried to pay: an attempt only opened by visiting checkout is not one. */
export const listedPayment = isNotNull(payments.submittedAt);

/** A customer's own payments as their list shows them, newest first. */
export function customerPayments(db: Database, userId: number) {
  return db
    .select(paymentColumns)
    .from(payments)
    .where(and(eq(payments.userId, userId), listedPayment))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/**
 * A calendar month reaches at most 31 days back, and a time zone at most 14 hours from UTC: payments
 * made within this of now cover the business's whole month wherever it is.
 */
const MONTH_REACH_MS = 33 * 86_400_000;

/**
 * The deposits received in the business's calendar month of `now` (`month`, YYYY-MM, as
 * calendarDateIn reads the day in BUSINESS_TIME_ZONE): succeeded payments towards an estimate, each
 * in the month of the moment it was made, with their amounts as the deposit's standing counts them.
 */
export async function depositsReceivedInMonth(db: Database, timeZone: string, now = new Date()): Promise<{ month: string; amounts: number[] }> {
  const month = calendarDateIn(timeZone, now).slice(0, 7);
  const rows = await db
    .select({ amount: payments.amount, createdAt: payments.createdAt })
    .from(payments)
    .where(and(isNotNull(payments.estimateId), eq(payments.status, "succeeded"), gte(payments.createdAt, new Date(now.getTime() - MONTH_REACH_MS))));
  return { month, amounts: rows.filter((row) => calendarDateIn(timeZone, row.createdAt).slice(0, 7) === month).map((row) => row.amount) };
}
