import { z } from "zod";
import { billedCustomerSchema } from "./billed-customer";
import { INVOICE_STATUSES, REFUND_STATUSES } from "../invoices";
import { PAYMENT_METHODS } from "../payment-methods";
import { PAYMENT_STATUSES } from "../payments";
import { estimateLineSchema } from "./estimates";
import { id, isoDate, listOf, successOf } from "./wire";

const cents = z.number().int();
/** A calendar day, YYYY-MM-DD. */
const day = z.string();

/** An invoice line is an estimate line without the choice (every line on an invoice is billed) or the price list item it came from. */
const invoiceLineSchema = estimateLineSchema.omit({ optional: true, priceListItemId: true });

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
 * An invoice, every figure the server's, in cents. `paid` adds up the
 * succeeded payments towards it (its estimate's deposit included); refunds are shown under their
 * payment and do not make the balance due again. balance = max(0, total − paid).
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
  taxRateBasisPoints: z.number().int(),
  tax: cents,
  total: cents,
  paid: cents,
  refunded: cents,
  balance: cents,
  payments: z.array(invoicePaymentSchema),
  createdAt: isoDate,
});
export type Invoice = z.input<typeof invoiceSchema>;

/** POST /api/admin/invoices, POST /api/admin/invoices/:id/payments: the invoice as it now stands. */
export const invoiceAnswerSchema = successOf(invoiceSchema);
/** GET /api/invoices (the customer's; an admin's every invoice), newest first. */
export const invoiceListSchema = listOf(invoiceSchema);

/** POST /api/admin/payments/:id/refund: the refund and the payment's refunded total. */
export const refundAnswerSchema = successOf(refundSchema.extend({ paymentId: id, refundedAmount: cents }));
