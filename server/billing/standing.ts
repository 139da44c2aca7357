import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { creditNotes, estimateResponses, estimates, invoices, payments } from "../db/schema";

/**
 * Where the money of an estimate's deposit or of an invoice stands, read from the
 * payments themselves, never from a stored running total: the one place these sums are made.
 * Every payment counts once it succeeded; a refund is the business giving money back and does
 * not make the amount due again (the documents and lists show it under its payment).
 */

export interface Standing {
  /** What is owed in all: the accepted deposit, or the invoice's total less its credit notes. */
  due: number;
  /** What the invoice's credit notes took off its total (0 for a deposit). */
  credited: number;
  /** The succeeded payments towards it, in cents. */
  paid: number;
  /** What refunds gave back of those payments (not counting refused ones). */
  refunded: number;
  /** max(0, due − paid). */
  balance: number;
  /**
   * Money the business holds beyond what is due, max(0, paid − refunded − due): what a credit note
   * on a paid invoice leaves to give back through a refund (docs/decisions/0059-extra-lines-and-credit-notes.md).
   */
  owedBack: number;
  /** A payment towards it is being processed (a bank debit): paying again waits for it. */
  processing: boolean;
}

async function sumOf(db: Database, towards: ReturnType<typeof or>, due: number, credited = 0): Promise<Standing> {
  const [row] = await db
    .select({
      paid: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.status} = 'succeeded'), 0)::int`,
      refunded: sql<number>`coalesce(sum(${payments.refundedAmount}) filter (where ${payments.status} = 'succeeded'), 0)::int`,
      processing: sql<boolean>`coalesce(bool_or(${payments.status} = 'processing'), false)`,
    })
    .from(payments)
    .where(and(towards, inArray(payments.status, ["succeeded", "processing"])));
  const paid = Number(row?.paid ?? 0);
  const refunded = Number(row?.refunded ?? 0);
  return {
    due,
    credited,
    paid,
    refunded,
    balance: Math.max(0, due - paid),
    owedBack: Math.max(0, paid - refunded - due),
    processing: Boolean(row?.processing),
  };
}

/** An estimate's deposit: due once accepted (the accepted deposit amount), 0 before. */
export async function depositStanding(db: Database, estimateId: number): Promise<Standing> {
  const [accepted] = await db
    .select({ deposit: estimateResponses.acceptedDepositAmount })
    .from(estimateResponses)
    .innerJoin(estimates, eq(estimates.id, estimateResponses.estimateId))
    .where(and(eq(estimateResponses.estimateId, estimateId), eq(estimateResponses.answer, "accepted"), eq(estimates.status, "accepted")));
  return sumOf(db, or(eq(payments.estimateId, estimateId)), accepted?.deposit ?? 0);
}

/** What the credit notes of an invoice took off it, before tax, in tax and in all. */
export async function creditedOn(db: Database, invoiceId: number): Promise<{ subtotal: number; tax: number; total: number }> {
  const [row] = await db
    .select({
      subtotal: sql<number>`coalesce(sum(${creditNotes.subtotal}), 0)::int`.mapWith(Number),
      tax: sql<number>`coalesce(sum(${creditNotes.tax}), 0)::int`.mapWith(Number),
      total: sql<number>`coalesce(sum(${creditNotes.total}), 0)::int`.mapWith(Number),
    })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId));
  return row ?? { subtotal: 0, tax: 0, total: 0 };
}

/** An invoice: its own payments and the deposit paid on the estimate it was made from, against its total less its credit notes. */
export async function invoiceStanding(db: Database, invoice: { id: number; estimateId: number | null; total: number }): Promise<Standing> {
  const credited = (await creditedOn(db, invoice.id)).total;
  return sumOf(
    db,
    or(eq(payments.invoiceId, invoice.id), invoice.estimateId === null ? undefined : eq(payments.estimateId, invoice.estimateId)),
    invoice.total - credited,
    credited,
  );
}

/**
 * After a payment towards an invoice succeeded (a card's, or one an admin recorded) or a credit
 * note lowered it: the invoice is paid once nothing is left to pay. Call it in that transaction.
 */
export async function refreshInvoiceStatus(db: Database, invoiceId: number): Promise<void> {
  const [invoice] = await db
    .select({ id: invoices.id, estimateId: invoices.estimateId, total: invoices.total, status: invoices.status })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .for("update");
  if (!invoice || invoice.status !== "open") return;
  const standing = await invoiceStanding(db, invoice);
  if (standing.balance === 0)
    await db
      .update(invoices)
      .set({ status: "paid" })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, "open")));
}
