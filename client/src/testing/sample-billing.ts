import type { Estimate } from "@common/contract/estimates";
import type { Invoice } from "@common/contract/invoices";
import type { JobAmounts } from "@common/contract/job-amounts";
import type { Payment } from "@common/contract/payments";

/**
 * An estimate as GET /api/estimates/:id answers it, for component tests: sent, two lines (the
 * second optional), 8.25 % tax and a 30 % deposit, so ticking the option moves every figure through
 * the rounding rule. Each test overrides what it is about.
 */
export function sampleEstimate(overrides: Partial<Estimate> = {}): Estimate {
  return {
    id: 31,
    jobId: 12,
    jobTitle: "Roof array survey",
    number: 12,
    revision: 1,
    status: "sent",
    customer: { id: 5, name: "Jean Batten", email: "jean@example.com", company: "", billingAddress: "" },
    currency: "usd",
    lines: [
      {
        id: 101,
        position: 0,
        description: "Thermal inspection",
        quantity: 40,
        unit: "acre",
        unitPrice: 4500,
        amount: 180_000,
        optional: false,
        priceListItemId: null,
      },
      {
        id: 102,
        position: 1,
        description: "Orthomosaic map of the whole site",
        quantity: 1,
        unit: "",
        unitPrice: 35_000,
        amount: 35_000,
        optional: true,
        priceListItemId: null,
      },
    ],
    subtotal: 180_000,
    discount: 0,
    taxRateBasisPoints: 825,
    tax: 14_850,
    total: 194_850,
    depositPercent: 30,
    depositAmount: 58_455,
    depositPaid: 0,
    depositDue: 0,
    validUntil: "2027-01-15",
    note: "Flights are planned for dry mornings.",
    createdAt: "2026-12-01T10:00:00.000Z",
    response: null,
    revisions: [{ id: 31, revision: 1, status: "sent", total: 194_850, createdAt: "2026-12-01T10:00:00.000Z" }],
    ...overrides,
  };
}

type EstimateResponse = NonNullable<Estimate["response"]>;

/** Jean Batten's acceptance of that estimate with its option ticked: $2,327.38, of which a $698.21 deposit. */
export function sampleAcceptance(overrides: Partial<EstimateResponse> = {}): EstimateResponse {
  return {
    answer: "accepted",
    signatureName: "Jean Batten",
    signedAt: "2026-12-02T15:30:00.000Z",
    optionalLineIds: [102],
    acceptedSha256: "ab".repeat(32),
    acceptedSubtotal: 215_000,
    acceptedTax: 17_738,
    acceptedTotal: 232_738,
    acceptedDepositAmount: 69_821,
    comment: null,
    reason: null,
    createdAt: "2026-12-02T15:30:00.000Z",
    ...overrides,
  };
}

/** The customer asking for changes to a revision, saying `comment`: no signature and no accepted figures. */
export function sampleChangesRequest(comment: string, overrides: Partial<EstimateResponse> = {}): EstimateResponse {
  return {
    answer: "changes_requested",
    signatureName: null,
    signedAt: null,
    optionalLineIds: [],
    acceptedSha256: null,
    acceptedSubtotal: null,
    acceptedTax: null,
    acceptedTotal: null,
    acceptedDepositAmount: null,
    comment,
    reason: null,
    createdAt: "2026-12-02T15:30:00.000Z",
    ...overrides,
  };
}

/** An open invoice of that job once accepted with the option and its deposit paid: $2,327.38, $698.21 paid, $1,629.17 due. */
export function sampleInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 41,
    jobId: 12,
    jobTitle: "Roof array survey",
    estimateId: 31,
    number: "2026-0001",
    status: "open",
    customer: { id: 5, name: "Jean Batten", email: "jean@example.com", company: "", billingAddress: "" },
    issueDate: "2026-12-20",
    dueDate: "2027-01-03",
    overdue: false,
    currency: "usd",
    lines: [],
    subtotal: 215_000,
    discount: 0,
    adjustments: [],
    adjustmentsTotal: 0,
    taxRateBasisPoints: 825,
    tax: 17_738,
    total: 232_738,
    credited: 0,
    paid: 69_821,
    refunded: 0,
    balance: 162_917,
    owedBack: 0,
    payments: [],
    creditNotes: [],
    createdAt: "2026-12-20T10:00:00.000Z",
    ...overrides,
  };
}

/** A customer's succeeded card payment: the deposit of that estimate. */
export function samplePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 9,
    description: "Deposit for Estimate #12",
    amount: 69_821,
    currency: "usd",
    status: "succeeded",
    failureMessage: null,
    serviceId: null,
    quoteId: null,
    subscriptionId: null,
    estimateId: 31,
    invoiceId: null,
    jobId: 12,
    provider: "demo",
    method: "card",
    refundedAmount: 0,
    reference: "pi_demo_1",
    createdAt: "2026-12-02T10:00:00.000Z",
    ...overrides,
  };
}

/** The signed-in customer GET /api/user answers. */
export const sampleCustomer = {
  id: 5,
  username: "jean",
  email: "jean@example.com",
  firstName: "Jean",
  lastName: "Batten",
  role: "customer",
  createdAt: "2026-01-01T00:00:00.000Z",
};

/** A job's amounts as the server answers them, for a job not priced yet: what a test of anything but money starts from. */
export function sampleAmounts(overrides: Partial<JobAmounts> = {}): JobAmounts {
  return {
    pricedBy: null,
    currency: "usd",
    acceptedTotal: null,
    credited: 0,
    deposit: 0,
    depositPaid: 0,
    paid: 0,
    refunded: 0,
    balance: 0,
    owedBack: 0,
    ...overrides,
    // Before an invoice, the job's total is the accepted one.
    total: overrides.total === undefined ? (overrides.acceptedTotal ?? null) : overrides.total,
  };
}
