import type { Estimate } from "@common/contract/estimates";
import type { Invoice } from "@common/contract/invoices";

/**
 * An estimate and an invoice as the server answers them, for the back office's component tests: the
 * job 12's estimate of two lines (the second optional) at 8.25 % tax with a 30 % deposit, and its
 * final invoice. Each test overrides what it is about.
 */
export function sampleEstimate(overrides: Partial<Estimate> = {}): Estimate {
  return {
    id: 51,
    jobId: 12,
    jobTitle: "Roof array survey",
    number: 12,
    revision: 1,
    status: "sent",
    customer: { id: 4, name: "Amelia Earhart", email: "amelia@example.com" },
    currency: "usd",
    lines: [
      { id: 101, position: 0, description: "Thermal inspection", quantity: 40, unit: "acre", unitPrice: 4_500, amount: 180_000, optional: false },
      { id: 102, position: 1, description: "Orthomosaic map", quantity: 1, unit: "", unitPrice: 35_000, amount: 35_000, optional: true },
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
    validUntil: "2099-01-31",
    note: "Flights are planned for dry mornings.",
    createdAt: "2026-11-01T09:00:00.000Z",
    response: null,
    revisions: [{ id: 51, revision: 1, status: "sent", total: 194_850, createdAt: "2026-11-01T09:00:00.000Z" }],
    ...overrides,
  };
}

export function sampleInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 81,
    jobId: 12,
    jobTitle: "Roof array survey",
    estimateId: 51,
    number: "2026-0007",
    status: "open",
    customer: { id: 4, name: "Amelia Earhart", email: "amelia@example.com" },
    issueDate: "2026-12-11",
    dueDate: "2026-12-25",
    overdue: false,
    currency: "usd",
    lines: [
      { id: 201, position: 0, description: "Thermal inspection", quantity: 40, unit: "acre", unitPrice: 4_500, amount: 180_000 },
      { id: 202, position: 1, description: "Orthomosaic map", quantity: 1, unit: "", unitPrice: 35_000, amount: 35_000 },
    ],
    subtotal: 215_000,
    discount: 0,
    taxRateBasisPoints: 825,
    tax: 17_738,
    total: 232_738,
    paid: 69_821,
    refunded: 0,
    balance: 162_917,
    payments: [{ id: 61, amount: 69_821, status: "succeeded", method: "card", reference: "pi_deposit", kind: "deposit", refunds: [], createdAt: "2026-11-02T09:00:00.000Z" }],
    createdAt: "2026-12-11T09:00:00.000Z",
    ...overrides,
  };
}
