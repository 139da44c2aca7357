import { count, eq, sql } from "drizzle-orm";
import { invoiceMessages, type RefundStatus } from "@common/invoices";
import type { Database } from "../db/client";
import { payments, refunds } from "../db/schema";
import { DomainError } from "../domain-errors";
import type { PaymentProvider } from "./provider";

/**
 * Refunds of card payments: made at the provider and recorded here, and moved by
 * the provider's later word on them. payments.refunded_amount adds up the refunds that were not
 * refused or cancelled, changed only here and in the same transaction as the refund's row.
 */

/** A refund in these states gave nothing back: its amount is not counted in refunded_amount. */
const GIVEN_BACK_NOTHING: readonly RefundStatus[] = ["failed", "canceled"];

export interface RefundRequest {
  paymentId: number;
  /** In cents, at most what is left of the payment. */
  amount: number;
  reason: string;
  /** The admin giving it. */
  byUserId: number;
}

/**
 * Gives back all or part of a succeeded card payment of the active provider. Under the payment's
 * row lock, so two refunds at once are weighed one after the other and never exceed the payment;
 * the provider is asked inside that lock, and a provider's refusal or outage leaves nothing changed.
 * Refuses with 404 (unknown payment), 409 refundNotCard, 400 errors.amount.
 */
export async function refundPayment(db: Database, provider: PaymentProvider, request: RefundRequest) {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, request.paymentId)).for("update");
    if (!payment) throw new DomainError("not-found", invoiceMessages.paymentNotFound);
    if (payment.status !== "succeeded" || payment.method !== "card" || payment.provider !== provider.kind || payment.subscriptionId !== null) {
      throw new DomainError("conflict", invoiceMessages.refundNotCard);
    }
    if (request.amount > payment.amount - payment.refundedAmount) {
      throw new DomainError("invalid", invoiceMessages.refundAboveRefundable, { amount: invoiceMessages.refundAboveRefundable });
    }
    // The same request retried after a failure is the same refund at the provider; the next one is another.
    const [earlier] = await tx.select({ count: count() }).from(refunds).where(eq(refunds.paymentId, payment.id));
    const started = await provider.refundPayment({
      providerPaymentId: payment.providerPaymentId,
      amount: request.amount,
      idempotencyKey: `refund-${payment.id}-${(earlier?.count ?? 0) + 1}-${request.amount}`,
    });
    const [refund] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.id,
        amount: request.amount,
        status: started.status,
        providerRefundId: started.providerRefundId,
        reason: request.reason,
        createdBy: request.byUserId,
      })
      .returning();
    const counted = GIVEN_BACK_NOTHING.includes(started.status) ? 0 : request.amount;
    const [updated] = await tx
      .update(payments)
      .set({ refundedAmount: sql`${payments.refundedAmount} + ${counted}` })
      .where(eq(payments.id, payment.id))
      .returning({ refundedAmount: payments.refundedAmount });
    return { ...refund!, refundedAmount: updated!.refundedAmount };
  });
}

/**
 * The provider's later word on a refund (Stripe's refund.updated, refund.failed): a refund that
 * failed or was cancelled gives its amount back to the payment's refundable amount, once. Failed and
 * cancelled are final, and a late "pending" never undoes a success, so events twice or out of order
 * change nothing twice. A refund we did not make (Stripe's dashboard) is not ours to record.
 */
export async function applyRefundState(tx: Database, providerRefundId: string, status: RefundStatus): Promise<void> {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, providerRefundId)).for("update");
  if (!refund || refund.status === status || GIVEN_BACK_NOTHING.includes(refund.status)) return;
  if (refund.status === "succeeded" && status === "pending") return;
  await tx.update(refunds).set({ status }).where(eq(refunds.id, refund.id));
  if (GIVEN_BACK_NOTHING.includes(status)) {
    await tx
      .update(payments)
      .set({ refundedAmount: sql`${payments.refundedAmount} - ${refund.amount}` })
      .where(eq(payments.id, refund.paymentId));
  }
}
