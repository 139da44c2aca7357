import { z } from "zod";
import { idMessage, MAX_ID } from "./validation";
import { OFFLINE_PAYMENT_METHODS } from "./payment-methods";
import { oneLine } from "./one-line";
import { pricedLineInputSchema } from "./estimates";
import { MAX_TOTAL_CENTS } from "./money";

/**
 * An invoice's number (docs/decisions/0025-invoice-numbers.md): the year, a dash, and the invoice's
 * place in that year's sequence, at least four digits: 2026-0001. Past 9999 the sequence simply
 * grows (2026-10000), so a busy year never wraps or repeats; numbers are ordered by their stored
 * (year, sequence), never by this text (docs/decisions/0023-money-rounding.md).
 */
export function formatInvoiceNumber(year: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`An invoice year has four digits, not ${year}`);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > MAX_ID)
    throw new RangeError(`An invoice's sequence is a whole number from 1 to ${MAX_ID}, not ${sequence}`);
  return `${year}-${String(sequence).padStart(4, "0")}`;
}

/**
 * A credit note's number: "CN-" and the year's own sequence, as invoices are numbered
 * (formatInvoiceNumber) but in a series of its own: CN-2026-0001.
 */
export function formatCreditNoteNumber(year: number, sequence: number): string {
  return `CN-${formatInvoiceNumber(year, sequence)}`;
}

export const INVOICE_STATUSES = ["open", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Where an invoice's line came from: the accepted estimate, or work beyond it added when the invoice was issued. */
export const INVOICE_LINE_SOURCES = ["estimate", "extra"] as const;

/** Stripe's refund states, which the demo provider plays too. */
export const REFUND_STATUSES = ["pending", "succeeded", "failed", "canceled"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** An invoice is due this many days after it is issued, unless the admin sets another due date. */
export const INVOICE_DUE_DAYS = 14;
/** Overdue reminders go this many days after the due date. */
export const OVERDUE_REMINDER_DAYS = [3, 7] as const;

export const invoiceMessages = {
  jobId: idMessage("jobId"),
  dueDate: "Due date is a date as YYYY-MM-DD",
  dueBeforeIssue: "The due date cannot be before the issue date",
  notFound: "Invoice not found",
  notDelivered: "Issue the final invoice once the job is delivered",
  nothingToInvoice: "The job has no accepted estimate or approved price to invoice",
  alreadyInvoiced: "This job already has an invoice",
  paid: "This invoice has already been paid",
  void: "This invoice was voided",
  amount: "Amount is a whole number of cents, more than 0",
  amountAboveBalance: "The amount cannot be more than the balance",
  method: `Method is one of ${OFFLINE_PAYMENT_METHODS.join(", ")}`,
  reference: "Reference is at most 100 characters",
  receivedOn: "Received on is a date as YYYY-MM-DD",
  refundAmount: "Refund amount is a whole number of cents, more than 0",
  refundAboveRefundable: "The refund cannot be more than what is left of the payment",
  refundNotCard: "Only a card payment that succeeded can be refunded here",
  refundReason: "Reason is at most 500 characters",
  paymentNotFound: "Payment not found",
  extraLinesMax: "At most 50 extra lines",
  adjustmentsMax: "At most 20 adjustments",
  adjustmentDescription: "Describe the adjustment in 1 to 200 characters",
  adjustmentAmount: "Adjustment is a whole number of cents other than 0: below 0 for a credit, above 0 for a surcharge",
  creditReason: "Give the credit note's reason in 1 to 500 characters",
  creditAmount: "Credited amount is a whole number of cents, more than 0",
  creditLines: "Credit 1 to 50 lines, or one amount",
  creditLineDescription: "Describe the credited line in 1 to 200 characters",
  creditLinesOrAmount: "Give either lines or an amount, not both",
  creditOnVoid: "A void invoice cannot be credited",
  creditNoteNotFound: "Credit note not found",
} as const;

/** How many extra lines and adjustments a final invoice takes, and lines a credit note. */
export const INVOICE_LIMITS = { extraLines: 50, adjustments: 20, creditLines: 50, adjustmentDescription: 200, creditReason: 500 } as const;

const id = (message: string) => z.number({ message }).int(message).positive(message).max(MAX_ID, message);
const positiveCents = (message: string) => z.number({ message }).int(message).positive(message).max(99_999_999, message);

const shortText = (what: string, message: string, max: number) => oneLine(what, message).min(1, message).max(max, message);

/** A goodwill credit (below 0) or a surcharge (above 0) on the final invoice, before tax. */
const adjustmentSchema = z.object({
  description: shortText("The description", invoiceMessages.adjustmentDescription, INVOICE_LIMITS.adjustmentDescription),
  amount: z
    .number({ message: invoiceMessages.adjustmentAmount })
    .int(invoiceMessages.adjustmentAmount)
    .min(-MAX_TOTAL_CENTS, invoiceMessages.adjustmentAmount)
    .max(MAX_TOTAL_CENTS, invoiceMessages.adjustmentAmount)
    .refine((amount) => amount !== 0, invoiceMessages.adjustmentAmount),
});

/**
 * POST /api/admin/invoices: the job's final invoice; due INVOICE_DUE_DAYS after today unless a due
 * date is given; the accepted estimate's lines, then any extra lines (taxed like them) and
 * adjustments (before tax) the admin adds (docs/decisions/0059-extra-lines-and-credit-notes.md).
 */
export const createInvoiceSchema = z.object({
  jobId: id(invoiceMessages.jobId),
  dueDate: z.iso.date({ message: invoiceMessages.dueDate }).optional(),
  extraLines: z
    .array(pricedLineInputSchema, { message: invoiceMessages.extraLinesMax })
    .max(INVOICE_LIMITS.extraLines, invoiceMessages.extraLinesMax)
    .default([]),
  adjustments: z
    .array(adjustmentSchema, { message: invoiceMessages.adjustmentsMax })
    .max(INVOICE_LIMITS.adjustments, invoiceMessages.adjustmentsMax)
    .default([]),
});

const creditLineSchema = z.object({
  description: shortText("The description", invoiceMessages.creditLineDescription, INVOICE_LIMITS.adjustmentDescription),
  amount: positiveCents(invoiceMessages.creditAmount),
});

/**
 * POST /api/admin/invoices/:id/credit-notes: lines credited before tax, or one amount before tax
 * (credited as one line named by the reason), with the reason printed on the credit note.
 */
export const createCreditNoteSchema = z
  .object({
    reason: z
      .string({ message: invoiceMessages.creditReason })
      .trim()
      .min(1, invoiceMessages.creditReason)
      .max(INVOICE_LIMITS.creditReason, invoiceMessages.creditReason),
    lines: z
      .array(creditLineSchema, { message: invoiceMessages.creditLines })
      .min(1, invoiceMessages.creditLines)
      .max(INVOICE_LIMITS.creditLines, invoiceMessages.creditLines)
      .optional(),
    amount: positiveCents(invoiceMessages.creditAmount).optional(),
  })
  .superRefine((body, context) => {
    if (body.lines !== undefined && body.amount !== undefined)
      context.addIssue({ code: "custom", path: ["amount"], message: invoiceMessages.creditLinesOrAmount });
    if (body.lines === undefined && body.amount === undefined) context.addIssue({ code: "custom", path: ["amount"], message: invoiceMessages.creditAmount });
  });
export type CreateCreditNoteInput = z.input<typeof createCreditNoteSchema>;
export type CreateInvoiceInput = z.input<typeof createInvoiceSchema>;

/** POST /api/admin/invoices/:id/payments: money received outside the card checkout. */
export const offlinePaymentSchema = z.object({
  amount: positiveCents(invoiceMessages.amount),
  method: z.enum(OFFLINE_PAYMENT_METHODS, { message: invoiceMessages.method }),
  reference: oneLine("The reference", invoiceMessages.reference).max(100, invoiceMessages.reference).default(""),
  /** The day the money arrived; today by default. */
  receivedOn: z.iso.date({ message: invoiceMessages.receivedOn }).optional(),
});
export type OfflinePaymentInput = z.input<typeof offlinePaymentSchema>;

/** POST /api/admin/payments/:id/refund: all or part of a card payment, in cents. */
export const refundSchema = z.object({
  amount: positiveCents(invoiceMessages.refundAmount),
  reason: z.string({ message: invoiceMessages.refundReason }).trim().max(500, invoiceMessages.refundReason).default(""),
});
export type RefundInput = z.input<typeof refundSchema>;

/** GET /api/invoices?jobId=. */
export const invoiceListQuerySchema = z.object({
  jobId: z.coerce
    .number({ message: invoiceMessages.jobId })
    .int(invoiceMessages.jobId)
    .positive(invoiceMessages.jobId)
    .max(MAX_ID, invoiceMessages.jobId)
    .optional(),
});
