import { and, asc, eq, notInArray } from "drizzle-orm";
import { paymentMessages } from "@common/checkout";
import { personName } from "@common/person-name";
import type { Database } from "../db/client";
import { DomainError } from "../domain-errors";
import { estimates, invoices, jobs, type Payment, payments, refunds, type User, users } from "../db/schema";
import type { DocumentPaymentMethod, ReceiptDocument } from "../pdf/types";
import { depositDescription, invoiceDescription } from "./charge";
import type { BillingSettings } from "../billing/settings";
import { depositStanding, invoiceStanding } from "../billing/standing";

/** A job as documents print it: its title and where it is flown. */
type DocumentJob = NonNullable<ReceiptDocument["job"]>;

const documentJobOf = (job: { title: string; siteName: string; siteAddress: string }): DocumentJob => ({
  title: job.title,
  site: [job.siteName, job.siteAddress].filter(Boolean).join(", "),
});

/** How the money came: by card (the table keeps no card digits; the reference names the payment), or the offline method an admin recorded. */
function methodOf(payment: Payment): DocumentPaymentMethod {
  return payment.method === "card" ? { kind: "card" } : { kind: payment.method };
}

/** The provider's id of a card payment; the bank transfer's or cheque's number an admin typed, if any. */
function referenceOf(payment: Payment): { reference?: string } {
  if (payment.provider !== "offline") return { reference: payment.providerPaymentId };
  return payment.reference ? { reference: payment.reference } : {};
}

/** What a payment paid for, the job it belongs to, and where that deposit or invoice stands now (server/billing/standing.ts). */
async function paidForOf(db: Database, payment: Payment): Promise<Pick<ReceiptDocument, "paidFor" | "job" | "standing">> {
  if (payment.invoiceId !== null) {
    const [row] = await db
      .select({ invoice: invoices, job: jobs })
      .from(invoices)
      .innerJoin(jobs, eq(jobs.id, invoices.jobId))
      .where(eq(invoices.id, payment.invoiceId));
    if (row) {
      const standing = await invoiceStanding(db, row.invoice);
      const of = invoiceDescription(row.invoice.number);
      return { paidFor: of, job: documentJobOf(row.job), standing: { of, total: standing.due, paid: standing.paid, balance: standing.balance } };
    }
  }
  if (payment.estimateId !== null) {
    const [row] = await db
      .select({ estimate: estimates, job: jobs })
      .from(estimates)
      .innerJoin(jobs, eq(jobs.id, estimates.jobId))
      .where(eq(estimates.id, payment.estimateId));
    if (row) {
      const standing = await depositStanding(db, row.estimate.id);
      const of = depositDescription(row.job.id, row.estimate.revision);
      return { paidFor: of, job: documentJobOf(row.job), standing: { of, total: standing.due, paid: standing.paid, balance: standing.balance } };
    }
  }
  return { paidFor: payment.description };
}

/**
 * A succeeded payment's receipt as the PDF prints it: who paid, for what, when and
 * how, its refunds (those not refused or cancelled, which payments.refunded_amount adds up) and what
 * it leaves paid, and where its invoice or deposit stands. Null for an unknown payment.
 */
export async function receiptOf(db: Database, billing: BillingSettings, paymentId: number): Promise<ReceiptDocument | null> {
  const [row] = await db
    .select({ payment: payments, customer: users })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, paymentId));
  if (!row) return null;
  const { payment, customer } = row;
  const given = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), notInArray(refunds.status, ["failed", "canceled"])))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return {
    business: billing.business,
    customer: { name: personName(customer), email: customer.email },
    currency: payment.currency.toUpperCase(),
    timeZone: billing.timeZone,
    number: String(payment.id),
    ...(await paidForOf(db, payment)),
    payment: {
      amount: payment.amount,
      at: payment.submittedAt ?? payment.createdAt,
      method: methodOf(payment),
      // An offline payment's id is ours (offline_…); what identifies it to people is the admin's reference.
      ...referenceOf(payment),
      refunds: given.map((refund) => ({ amount: refund.amount, at: refund.createdAt, reference: refund.providerRefundId })),
    },
    refunded: payment.refundedAmount,
    netPaid: payment.amount - payment.refundedAmount,
  };
}

/** A receipt says money arrived: an attempt still open, failed or cancelled has none. */
const NO_RECEIPT_YET = "Only a payment that went through has a receipt";

/**
 * The receipt of a payment as `reader` may see it: the payment's customer, or an admin. Anyone
 * else's payment is as missing (404); one that has not succeeded has no receipt yet (409).
 */
export async function readableReceipt(db: Database, billing: BillingSettings, reader: Pick<User, "id" | "role">, paymentId: number): Promise<ReceiptDocument> {
  const [payment] = await db
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.id, paymentId), reader.role === "admin" ? undefined : eq(payments.userId, reader.id)));
  if (!payment) throw new DomainError("not-found", paymentMessages.paymentNotFound);
  if (payment.status !== "succeeded") throw new DomainError("conflict", NO_RECEIPT_YET);
  const receipt = await receiptOf(db, billing, paymentId);
  if (!receipt) throw new DomainError("not-found", paymentMessages.paymentNotFound);
  return receipt;
}
