import { z } from "zod";
import { billedCustomerSchema } from "./billed-customer";
import { INVOICE_LINE_SOURCES, INVOICE_STATUSES, REFUND_STATUSES } from "../invoices";
import { PAYMENT_METHODS } from "../payment-methods";
import { PAYMENT_STATUSES } from "../payments";
import { estimateLineSchema } from "./estimates";
import { id, isoDate, listOf, successOf } from "./wire";

const cents = z.number().int();
/** A calendar day, YYYY-MM-DD. */
const day = z.string();

/**
 * An invoice line is an estimate line without the choice (every line on an invoice is billed) or the
 * price list item it came from, marked with where it came from: the accepted estimate, or extra
 * work added when the invoice was issued.
 */
const invoiceLineSchema = estimateLineSchema.omit({ optional: true, priceListItemId: true }).extend({ source: z.enum(INVOICE_LINE_SOURCES) });

/** A goodwill credit (amount below 0) or a surcharge (above 0) on the subtotal, before tax. */
const invoiceAdjustmentSchema = z.object({ id, description: z.string(), amount: cents });

/** A credit note: part or all of the invoice reversed, its lines before tax, tax at the invoice's rate. */
const creditNoteSchema = z.object({
  id,
  invoiceId: id,
  /** "CN-2026-0001". */
  number: z.string(),
  issueDate: day,
  reason: z.string(),
  lines: z.array(z.object({ id, position: z.number().int(), description: z.string(), amount: cents })),
  subtotal: cents,
  taxRateBasisPoints: z.number().int(),
  tax: cents,
  /** What it takes off what the customer owes on the invoice. */
  total: cents,
  createdAt: isoDate,
});
export type CreditNote = z.input<typeof creditNoteSchema>;

const refundSchema = z.object({ id, amount: cents, status: z.enum(REFUND_STATUSES), reason: z.string(), createdAt: isoDate });
export type Refund = z.input<typeof refundSchema>;

/** A payment counted towards an invoice: the deposit paid on its estimate, and the invoice's own. */
const invoicePaymentSchema = z.object({
  id,
  amount: cents,
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(PAYMENT_METHODS),
  /** The provider's id (pi_…), or the bank transfer's or cheque's reference. */
  reference: z.string(),
  /** "Deposit" (paid on the estimate) or "Invoice". */
  kind: z.enum(["deposit", "invoice"]),
  refunds: z.array(refundSchema),
  createdAt: isoDate,
});

/**
 * An invoice, every figure the server's, in cents. total = subtotal − discount + adjustmentsTotal +
 * tax. `paid` adds up the succeeded payments towards it (its estimate's deposit included); refunds
 * are shown under their payment and do not make the balance due again; `credited` is what its
 * credit notes took off. balance = max(0, total − credited − paid); owedBack = max(0, paid −
 * refunded − (total − credited)), money to give back through a refund.
 */
export const invoiceSchema = z.object({
  id,
  jobId: id,
  jobTitle: z.string(),
  estimateId: id.nullable(),
  /** "2026-0001". */
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  customer: billedCustomerSchema,
  issueDate: day,
  dueDate: day,
  /** Open past its due date. */
  overdue: z.boolean(),
  currency: z.string(),
  lines: z.array(invoiceLineSchema),
  subtotal: cents,
  discount: cents,
  adjustments: z.array(invoiceAdjustmentSchema),
  adjustmentsTotal: cents,
  taxRateBasisPoints: z.number().int(),
  tax: cents,
  total: cents,
  credited: cents,
  paid: cents,
  refunded: cents,
  balance: cents,
  owedBack: cents,
  payments: z.array(invoicePaymentSchema),
  creditNotes: z.array(creditNoteSchema),
  createdAt: isoDate,
});
export type Invoice = z.input<typeof invoiceSchema>;

/** POST /api/admin/invoices, POST /api/admin/invoices/:id/payments: the invoice as it now stands. */
export const invoiceAnswerSchema = successOf(invoiceSchema);
/** POST /api/admin/invoices/:id/credit-notes: the new credit note and its invoice as it now stands. */
export const creditNoteAnswerSchema = successOf(z.object({ creditNote: creditNoteSchema, invoice: invoiceSchema }));
/** GET /api/invoices (the customer's; an admin's every invoice), newest first. */
export const invoiceListSchema = listOf(invoiceSchema);

/** POST /api/admin/payments/:id/refund: the refund and the payment's refunded total. */
export const refundAnswerSchema = successOf(refundSchema.extend({ paymentId: id, refundedAmount: cents }));
