import { eq } from "drizzle-orm";
import type { BillingSettings } from "../billing/settings";
import type { Database } from "../db/client";
import { jobs } from "../db/schema";
import type { CreditNoteDocument, DocumentCustomer, DocumentPaymentMethod, InvoiceDocument } from "../pdf/types";
import type { CreditNoteView, InvoiceView } from "./read-invoices";

type PaymentView = InvoiceView["payments"][number];

/** Refunds that gave money back or are on their way; a failed or cancelled one returned nothing. */
const GIVING_BACK = new Set(["pending", "succeeded"]);

/** The buyer as the invoice and its credit notes bill them. */
function customerOf(invoice: InvoiceView): DocumentCustomer {
  return {
    name: invoice.customer.name,
    email: invoice.customer.email,
    company: invoice.customer.company,
    billingAddress: invoice.customer.billingAddress,
  };
}

/** The payment's method as documents name it; the card's digits are not kept, so a card is "Card". */
function methodOf(payment: PaymentView): DocumentPaymentMethod {
  return payment.method === "card" ? { kind: "card" } : { kind: payment.method };
}

/**
 * What the invoice PDF prints (server/pdf/invoice-pdf.ts), from the invoice as the API shows
 * it: the same lines, figures, paid and balance, so the document and the page never disagree. Only
 * the payments that count (succeeded) are listed, each with the refunds that gave money back.
 */
function invoiceDocumentOf(invoice: InvoiceView, billing: BillingSettings, job: { title: string; site: string }): InvoiceDocument {
  return {
    business: billing.business,
    customer: customerOf(invoice),
    job,
    currency: invoice.currency.toUpperCase(),
    timeZone: billing.timeZone,
    paymentTerms: billing.paymentTerms,
    bankDetails: billing.bankDetails,
    number: invoice.number,
    status: invoice.status,
    issuedOn: invoice.issueDate,
    dueOn: invoice.dueDate,
    lines: invoice.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unitPrice: line.unitPrice,
      amount: line.amount,
      ...(line.source === "extra" ? { extra: true } : {}),
    })),
    charge: {
      subtotal: invoice.subtotal,
      discount: invoice.discount,
      adjustments: invoice.adjustments.map(({ description, amount }) => ({ description, amount })),
      taxRateBasisPoints: invoice.taxRateBasisPoints,
      tax: invoice.tax,
      total: invoice.total,
    },
    credited: invoice.credited,
    paid: invoice.paid,
    balance: invoice.balance,
    owedBack: invoice.owedBack,
    payments: invoice.payments
      .filter((payment) => payment.status === "succeeded")
      .map((payment) => ({
        amount: payment.amount,
        at: payment.createdAt,
        method: methodOf(payment),
        ...(payment.reference ? { reference: payment.reference } : {}),
        refunds: payment.refunds.filter((refund) => GIVING_BACK.has(refund.status)).map((refund) => ({ amount: refund.amount, at: refund.createdAt })),
      })),
  };
}

/** The invoice's job: its title and site, as the documents print them. */
async function jobOf(db: Database, invoice: InvoiceView): Promise<{ title: string; site: string }> {
  const [job] = await db.select({ title: jobs.title, siteName: jobs.siteName, siteAddress: jobs.siteAddress }).from(jobs).where(eq(jobs.id, invoice.jobId));
  const site = [job?.siteName, job?.siteAddress].filter(Boolean).join(", ");
  return { title: job?.title ?? invoice.jobTitle, site };
}

/** The invoice's document with its job's title and site read from the database. */
export async function invoiceDocument(db: Database, billing: BillingSettings, invoice: InvoiceView): Promise<InvoiceDocument> {
  return invoiceDocumentOf(invoice, billing, await jobOf(db, invoice));
}

/**
 * What a credit note's PDF prints (server/pdf/credit-note-pdf.ts), from its invoice as the API
 * shows it: the same buyer and job, and where the invoice stands with every credit note so far.
 */
export async function creditNoteDocument(db: Database, billing: BillingSettings, invoice: InvoiceView, note: CreditNoteView): Promise<CreditNoteDocument> {
  return {
    business: billing.business,
    customer: customerOf(invoice),
    job: await jobOf(db, invoice),
    currency: invoice.currency.toUpperCase(),
    timeZone: billing.timeZone,
    number: note.number,
    invoiceNumber: invoice.number,
    issuedOn: note.issueDate,
    reason: note.reason,
    lines: note.lines.map(({ description, amount }) => ({ description, amount })),
    subtotal: note.subtotal,
    taxRateBasisPoints: note.taxRateBasisPoints,
    tax: note.tax,
    total: note.total,
    invoice: { total: invoice.total, credited: invoice.credited, paid: invoice.paid, balance: invoice.balance, owedBack: invoice.owedBack },
  };
}
