import type { DocumentBusiness, DocumentLine, EstimateDocument, InvoiceDocument, ReceiptDocument } from "../types";

/**
 * Documents as the estimate, invoice and receipt routes hand them over, for the tests and
 * bench/invoice-pdf.mjs. Their figures are written out as the server's money rules
 * (common/money.ts) would compute them.
 */

const business: DocumentBusiness = {
  name: "SkyVantage",
  address: ["12 Hangar Road, Suite 4", "Austin, TX 78701"],
  phone: "+1 (555) 014-7720",
  email: "missions@skyvantage.example",
};

/** Who and what every sample document is for, in dollars and in Austin's time. */
const parties: Pick<InvoiceDocument, "business" | "customer" | "job" | "currency" | "timeZone"> = {
  business,
  customer: { name: "Zoë Ångström", email: "zoe@example.com" },
  job: { title: "Solar array thermal inspection", site: "Pecan Creek Solar Farm, Bastrop County, TX" },
  currency: "USD",
  timeZone: "America/Chicago",
};

/** The line the sample estimate quotes and the sample invoice bills. */
const thermalInspection: DocumentLine = { description: "Thermal inspection", quantity: 40, unit: "acre", unitPrice: 4500, amount: 180_000 };

export function sampleEstimate(overrides: Partial<EstimateDocument> = {}): EstimateDocument {
  return {
    ...parties,
    number: 12,
    revision: 2,
    issuedOn: "2026-03-01",
    validUntil: "2026-03-31",
    lines: [
      thermalInspection,
      { description: "Flight crew, half day", quantity: 2.5, unit: "hour", unitPrice: 3333, amount: 8333 },
      { description: "Orthomosaic map of the whole site", quantity: 1, unitPrice: 35_000, amount: 35_000, optional: {} },
    ],
    // (180,000 + 8,333) − 5,000 = 183,333; tax 8.25 % = 15,124.97 → 15,125; total 198,458; deposit 30 % = 59,537.4 → 59,537.
    charge: { subtotal: 188_333, discount: 5000, taxRateBasisPoints: 825, tax: 15_125, total: 198_458 },
    deposit: 59_537,
    depositPercent: 30,
    note: "Flights are planned for dry mornings; we reschedule at no cost when the forecast turns.",
    ...overrides,
  };
}

/** `count` lines, every seventh with a description long enough to wrap onto several lines. */
function sampleLines(count: number): DocumentLine[] {
  return Array.from({ length: count }, (_, index) => {
    const number = index + 1;
    const quantity = (index % 9) + 1;
    const unitPrice = 1250 + index * 25;
    const description =
      index % 7 === 0
        ? `Line ${number}: thermal survey of array block ${number}, with a radiometric image of every string, a note for each hot spot found and its position on the site map`
        : `Line ${number}: array block ${number}`;
    return { description, quantity, unit: "panel row", unitPrice, amount: quantity * unitPrice };
  });
}

export function sampleInvoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    ...parties,
    number: "2026-0001",
    status: "open",
    issuedOn: "2026-04-02",
    dueOn: "2026-04-16",
    lines: [
      thermalInspection,
      { description: "Orthomosaic map of the whole site", quantity: 1, unitPrice: 35_000, amount: 35_000, optional: { chosen: true } },
    ],
    // 215,000 − 5,000 = 210,000; tax 8.25 % = 17,325; total 227,325; the 30 % deposit 68,198 paid.
    charge: { subtotal: 215_000, discount: 5000, taxRateBasisPoints: 825, tax: 17_325, total: 227_325 },
    paid: 68_198,
    balance: 159_127,
    payments: [
      {
        amount: 68_198,
        at: new Date("2026-03-03T16:20:00Z"),
        method: { kind: "card", brand: "visa", last4: "4242" },
        reference: "pi_3PdepositA1b2C3",
      },
    ],
    ...overrides,
  };
}

export function sampleReceipt(overrides: Partial<ReceiptDocument> = {}): ReceiptDocument {
  return {
    ...parties,
    number: "2026-0001-2",
    paidFor: "Invoice 2026-0001",
    payment: { amount: 159_127, at: new Date("2026-04-10T14:05:00Z"), method: { kind: "card", brand: "visa", last4: "4242" }, reference: "pi_3PbalanceD4e5F6" },
    refunded: 0,
    netPaid: 159_127,
    standing: { of: "Invoice 2026-0001", total: 227_325, paid: 227_325, balance: 0 },
    ...overrides,
  };
}

/** An invoice of `count` lines (bench/invoice-pdf.mjs renders one of 100), its totals those of its lines at 8.25 % tax, nothing paid. */
export function sampleLongInvoice(count: number): InvoiceDocument {
  const lines = sampleLines(count);
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  // Half a cent up, as common/money.ts rounds: the sample's amounts are never negative.
  const tax = Math.round((subtotal * 825) / 10_000);
  return sampleInvoice({
    lines,
    charge: { subtotal, discount: 0, taxRateBasisPoints: 825, tax, total: subtotal + tax },
    paid: 0,
    balance: subtotal + tax,
    payments: [],
  });
}
