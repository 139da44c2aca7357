/**
 * What an estimate, an invoice or a receipt PDF prints, as plain data: every amount is
 * already computed, in integer minor units (cents for USD), by the money rules of common/money.ts. The
 * documents format and lay out; they never add, round or take a share of money
 * (docs/decisions/0024-pdf-documents.md).
 */

/** The business at the top of every page, as its settings have it (server/settings/). */
export interface DocumentBusiness {
  name: string;
  /** The registered name, printed under the trading name when it differs; empty when none is set. */
  legalName?: string;
  /** The tax or registration number (VAT ID, EIN); empty when none is set. */
  taxNumber?: string;
  /** How the documents name the tax ("Tax", "VAT", "GST"); "Tax" when none is set. */
  taxLabel?: string;
  /** The postal address, one entry per printed line; empty when none is configured. */
  address: readonly string[];
  phone: string;
  email: string;
  /** The brand's primary colour as paper shows it (common/brand.ts), for what the documents draw in their accent; none: their own blue. */
  accentColor?: string;
  /** PNG or JPEG bytes (the uploaded logo's document size, or BUSINESS_LOGO_PATH), printed at most 160 × 56 points. */
  logo?: Buffer;
}

export interface DocumentCustomer {
  name: string;
  email: string;
  /** The buyer's company and billing address (several lines), printed when the customer gave them. */
  company?: string;
  billingAddress?: string;
}

/** The job the document belongs to: its title and where it is flown. */
interface DocumentJob {
  title: string;
  site: string;
}

/** A calendar date, "2026-03-01": issue, due and valid-until dates have no time of day. */
type CalendarDate = string;

export interface DocumentLine {
  description: string;
  /** At most 3 decimals (2.5 hours, 40.125 acres), printed as given. */
  quantity: number;
  /** "acre", "hour"; none for a plain count. */
  unit?: string;
  unitPrice: number;
  /** quantity × unit price as the server rounded it. */
  amount: number;
  /** An optional item: offered (chosen undefined, an estimate not yet accepted), chosen or not chosen. */
  optional?: { chosen?: boolean };
  /** An invoice's line for work beyond the accepted estimate. */
  extra?: boolean;
}

/** A goodwill credit (below 0) or a surcharge (above 0) on an invoice's subtotal, before tax. */
interface DocumentAdjustment {
  description: string;
  amount: number;
}

/** The figures below the lines, in minor units; tax at the rate the document was issued with. */
export interface DocumentCharge {
  subtotal: number;
  discount: number;
  /** An invoice's adjustments, each printed under the discount; none on an estimate. */
  adjustments?: readonly DocumentAdjustment[];
  /** Basis points: 825 is 8.25 %. */
  taxRateBasisPoints: number;
  tax: number;
  total: number;
}

/** How money arrived: a card (last four digits when the provider told them), or an offline payment an admin recorded (payments.method). */
export type DocumentPaymentMethod = { kind: "card"; brand?: string; last4?: string } | { kind: "bank_transfer" } | { kind: "cheque" } | { kind: "cash" };

interface DocumentRefund {
  amount: number;
  at: Date;
  /** The provider's refund id (Stripe's re_…), when there is one. */
  reference?: string;
}

export interface DocumentPayment {
  amount: number;
  at: Date;
  method: DocumentPaymentMethod;
  /** The provider's payment id (pi_…), the bank transfer's or the cheque's number. */
  reference?: string;
  refunds?: readonly DocumentRefund[];
}

interface DocumentBase {
  business: DocumentBusiness;
  customer: DocumentCustomer;
  job?: DocumentJob;
  /** ISO 4217 code of every amount ("USD"); the number of minor units follows from it (2 for USD, 0 for JPY). */
  currency: string;
  /** IANA zone the times of day are printed in (acceptance, payments, refunds), with its abbreviation. */
  timeZone: string;
}

export interface EstimateDocument extends DocumentBase {
  number: number;
  /** 1 for the estimate as first sent; each revision the admin makes counts up. */
  revision: number;
  issuedOn: CalendarDate;
  validUntil: CalendarDate;
  lines: readonly DocumentLine[];
  charge: DocumentCharge;
  /** Due on acceptance; 0 when the estimate asks for none. */
  deposit: number;
  /** The deposit's percentage when it was asked as one (30 for 30 %), printed beside it. */
  depositPercent?: number;
  note?: string;
  /** The customer's acceptance, once they signed by typing their full name. */
  acceptance?: { name: string; at: Date };
}

export interface InvoiceDocument extends DocumentBase {
  /** When and how to pay, and the account a transfer goes to, as the business's settings have them; empty when none is set. */
  paymentTerms?: string;
  bankDetails?: string;
  /** "2026-0001": per business, per year, without gaps. */
  number: string;
  status: "open" | "paid" | "void";
  issuedOn: CalendarDate;
  dueOn: CalendarDate;
  lines: readonly DocumentLine[];
  charge: DocumentCharge;
  /** What its credit notes took off what is owed (0 when none). */
  credited?: number;
  /** What was paid towards this invoice (the deposit included); refunds show under their payments and do not make money due again (docs/decisions/0026-quote-to-cash.md). */
  paid: number;
  balance: number;
  /** Money paid beyond what is owed after its credit notes, not yet refunded (0 when none). */
  owedBack?: number;
  /** The payments that make up `paid`, each with its refunds, oldest first. */
  payments: readonly DocumentPayment[];
}

export interface ReceiptDocument extends DocumentBase {
  /** The receipt's own number (the payment's), printed under the title. */
  number: string;
  /** What the money paid: "Invoice 2026-0001", "Deposit for Estimate #12 (revision 2)". */
  paidFor: string;
  payment: DocumentPayment;
  /** The payment's refunds added up (0 when none), and what it leaves paid. */
  refunded: number;
  netPaid: number;
  /** Where the invoice or the estimate ("Invoice 2026-0001", "Estimate #12") stands after this payment and its refunds. */
  standing?: { of: string; total: number; paid: number; balance: number };
}

/** A credit note: part or all of an invoice reversed, its lines before tax (docs/decisions/0059-extra-lines-and-credit-notes.md). */
export interface CreditNoteDocument extends DocumentBase {
  /** "CN-2026-0001": its own series, per year, without gaps. */
  number: string;
  /** The invoice it credits: "2026-0003". */
  invoiceNumber: string;
  issuedOn: CalendarDate;
  reason: string;
  lines: readonly { description: string; amount: number }[];
  subtotal: number;
  /** Basis points: the invoice's rate. */
  taxRateBasisPoints: number;
  tax: number;
  /** What it takes off what the customer owes on the invoice. */
  total: number;
  /** Where the invoice stands after it and every earlier credit note. */
  invoice: { total: number; credited: number; paid: number; balance: number; owedBack: number };
}
