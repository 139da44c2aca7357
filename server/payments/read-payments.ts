import { and, desc, eq, isNotNull } from "drizzle-orm";
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
