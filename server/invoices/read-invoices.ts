import { and, asc, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { invoiceSchema } from "@common/contract/invoices";
import { calendarDateIn } from "@common/calendar-date";
import { QUANTITY_DECIMALS } from "@common/money";
import { billedCustomer, billedCustomerColumns } from "../billing/customer";
import { invoiceStanding } from "../billing/standing";
import type { Database } from "../db/client";
import { creditNoteLines, creditNotes, invoiceAdjustments, invoiceLines, invoices, jobs, payments, refunds, users } from "../db/schema";

/** An invoice as the server hands it over (createdAt a Date; the serializer writes ISO strings). */
export type InvoiceView = z.output<typeof invoiceSchema>;
type InvoicePaymentView = InvoiceView["payments"][number];
export type CreditNoteView = InvoiceView["creditNotes"][number];

/**
 * The payments an invoice lists: those that count (succeeded) and those being processed (a bank
 * debit on its way). Opened, failed or cancelled card attempts are not money towards it.
 */
const LISTED_PAYMENT_STATUSES = ["succeeded", "processing"] as const;

/** Quantities are stored in thousandths (2.5 acres is 2500). */
const quantityOf = (thousandths: number) => thousandths / 10 ** QUANTITY_DECIMALS;

/**
 * Open, with money still due, and past its due day as the business counts days
 * (BUSINESS_TIME_ZONE): an invoice due on the 1st is overdue from the business's midnight ending it.
 */
export function isOverdue(invoice: { status: string; dueDate: string }, balance: number, today: string): boolean {
  return invoice.status === "open" && balance > 0 && invoice.dueDate < today;
}

const headColumns = {
  invoice: invoices,
  jobTitle: jobs.title,
  customer: billedCustomerColumns,
};

/** The payments towards these invoices, their own and their estimates' deposits, each with its refunds, oldest first. */
async function paymentsOf(db: Database, heads: readonly (typeof invoices.$inferSelect)[]) {
  const invoiceIds = heads.map((invoice) => invoice.id);
  const estimateIds = heads.flatMap((invoice) => (invoice.estimateId === null ? [] : [invoice.estimateId]));
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        or(inArray(payments.invoiceId, invoiceIds), estimateIds.length > 0 ? inArray(payments.estimateId, estimateIds) : undefined),
        inArray(payments.status, LISTED_PAYMENT_STATUSES),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const refundRows =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(refunds)
          .where(
            inArray(
              refunds.paymentId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return rows.map((payment) => ({ payment, refunds: refundRows.filter((refund) => refund.paymentId === payment.id) }));
}

/** The credit notes of these invoices with their lines, oldest first. */
async function creditNotesOf(db: Database, invoiceIds: readonly number[]): Promise<CreditNoteView[]> {
  const notes = await db.select().from(creditNotes).where(inArray(creditNotes.invoiceId, invoiceIds)).orderBy(asc(creditNotes.year), asc(creditNotes.sequence));
  if (notes.length === 0) return [];
  const lines = await db
    .select()
    .from(creditNoteLines)
    .where(
      inArray(
        creditNoteLines.creditNoteId,
        notes.map((note) => note.id),
      ),
    )
    .orderBy(asc(creditNoteLines.position));
  return notes.map((note) => ({
    id: note.id,
    invoiceId: note.invoiceId,
    number: note.number,
    issueDate: note.issueDate,
    reason: note.reason,
    lines: lines
      .filter((line) => line.creditNoteId === note.id)
      .map((line) => ({ id: line.id, position: line.position, description: line.description, amount: line.amount })),
    subtotal: note.subtotal,
    taxRateBasisPoints: note.taxRateBasisPoints,
    tax: note.tax,
    total: note.total,
    createdAt: note.createdAt,
  }));
}

/**
 * Invoices as the wire shows them (common/contract/invoices.ts), newest first: lines and
 * adjustments, credit notes, what was paid and the balance (from invoiceStanding, the one place those are summed), each payment with its
 * refunds, and whether it is overdue today in `timeZone`.
 */
export async function readInvoices(db: Database, timeZone: string, where: SQL | undefined, now = new Date()): Promise<InvoiceView[]> {
  const heads = await db
    .select(headColumns)
    .from(invoices)
    .innerJoin(jobs, eq(jobs.id, invoices.jobId))
    .innerJoin(users, eq(users.id, jobs.userId))
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id));
  if (heads.length === 0) return [];
  const invoiceRows = heads.map((head) => head.invoice);
  const invoiceIds = invoiceRows.map((invoice) => invoice.id);
  const [lineRows, paymentRows, adjustmentRows, creditNoteRows] = await Promise.all([
    db
      .select()
      .from(invoiceLines)
      .where(
        inArray(
          invoiceLines.invoiceId,
          invoiceRows.map((invoice) => invoice.id),
        ),
      )
      .orderBy(asc(invoiceLines.position)),
    paymentsOf(db, invoiceRows),
    db.select().from(invoiceAdjustments).where(inArray(invoiceAdjustments.invoiceId, invoiceIds)).orderBy(asc(invoiceAdjustments.position)),
    creditNotesOf(db, invoiceIds),
  ]);
  const today = calendarDateIn(timeZone, now);
  const views: InvoiceView[] = [];
  for (const { invoice, jobTitle, customer } of heads) {
    const standing = await invoiceStanding(db, invoice);
    const own = paymentRows.filter(
      ({ payment }) => payment.invoiceId === invoice.id || (invoice.estimateId !== null && payment.estimateId === invoice.estimateId),
    );
    views.push({
      id: invoice.id,
      jobId: invoice.jobId,
      jobTitle,
      estimateId: invoice.estimateId,
      number: invoice.number,
      status: invoice.status,
      customer: billedCustomer(customer),
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      overdue: isOverdue(invoice, standing.balance, today),
      currency: invoice.currency,
      lines: lineRows
        .filter((line) => line.invoiceId === invoice.id)
        .map((line) => ({
          id: line.id,
          position: line.position,
          description: line.description,
          quantity: quantityOf(line.quantity),
          unit: line.unit,
          unitPrice: line.unitPrice,
          amount: line.amount,
          source: line.source,
        })),
      subtotal: invoice.linesTotal,
      discount: invoice.discount,
      adjustments: adjustmentRows
        .filter((adjustment) => adjustment.invoiceId === invoice.id)
        .map((adjustment) => ({ id: adjustment.id, description: adjustment.description, amount: adjustment.amount })),
      adjustmentsTotal: invoice.adjustments,
      taxRateBasisPoints: invoice.taxRateBasisPoints,
      tax: invoice.tax,
      total: invoice.total,
      credited: standing.credited,
      paid: standing.paid,
      refunded: standing.refunded,
      balance: standing.balance,
      owedBack: standing.owedBack,
      payments: own.map(({ payment, refunds: paymentRefunds }) => paymentView(invoice.id, payment, paymentRefunds)),
      creditNotes: creditNoteRows.filter((note) => note.invoiceId === invoice.id),
      createdAt: invoice.createdAt,
    });
  }
  return views;
}

/** A payment under its invoice: "invoice" when made towards it, "deposit" when paid on the estimate it came from. */
function paymentView(invoiceId: number, payment: typeof payments.$inferSelect, paymentRefunds: (typeof refunds.$inferSelect)[]): InvoicePaymentView {
  return {
    id: payment.id,
    amount: payment.amount,
    status: payment.status,
    method: payment.method,
    // An offline payment's id is ours (offline_…); what identifies it to people is the admin's reference.
    reference: payment.provider === "offline" ? payment.reference : payment.providerPaymentId,
    kind: payment.invoiceId === invoiceId ? "invoice" : "deposit",
    refunds: paymentRefunds.map((refund) => ({
      id: refund.id,
      amount: refund.amount,
      status: refund.status,
      reason: refund.reason,
      createdAt: refund.createdAt,
    })),
    createdAt: payment.createdAt,
  };
}

/** One invoice by id, or null; `customerId` narrows it to that customer's (anyone else's is as missing). */
export async function readInvoice(db: Database, timeZone: string, id: number, customerId?: number, now = new Date()): Promise<InvoiceView | null> {
  const [invoice] = await readInvoices(db, timeZone, and(eq(invoices.id, id), customerId === undefined ? undefined : eq(jobs.userId, customerId)), now);
  return invoice ?? null;
}
