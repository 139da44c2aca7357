import type { AdminQuote } from "@common/contract/quotes";

/** A quote request as the back office's list answers it: Amelia Earhart's, pending review; each test overrides what it is about. */
export function sampleAdminQuote(overrides: Partial<AdminQuote> = {}): AdminQuote {
  return {
    id: 9,
    userId: 4,
    customerName: "Amelia Earhart",
    customerEmail: "amelia@example.com",
    contactSubmissionId: 40,
    jobId: 12,
    jobStatus: "requested",
    stage: "pending_review",
    nextStep: "We review your request and confirm it",
    serviceType: "solar",
    description: "Thermal scan of a 40 acre array",
    budget: "",
    timeline: "",
    status: "pending",
    price: null,
    declineReason: null,
    paid: false,
    pricedByEstimate: false,
    createdAt: "2026-03-01T09:00:00.000Z",
    updatedAt: "2026-03-01T09:00:00.000Z",
    ...overrides,
  };
}
