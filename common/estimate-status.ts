// Where an estimate stands, as the server stores it and people read it. Plain data, without zod, so
// a job's page that shows an estimate's badge does not load the validation library.

/** An estimate revision's life: sent, then answered by the customer, expired, or replaced by a revision. */
export const ESTIMATE_STATUSES = ["sent", "accepted", "changes_requested", "declined", "expired", "superseded"] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

/** The statuses in which a revision is its job's current estimate: at most one per job. */
export const CURRENT_ESTIMATE_STATUSES = ["sent", "changes_requested", "accepted"] as const satisfies readonly EstimateStatus[];

/** The customer's three answers. */
export const ESTIMATE_ANSWERS = ["accepted", "changes_requested", "declined"] as const satisfies readonly EstimateStatus[];

export const ESTIMATE_STATUS_LABELS: Record<EstimateStatus, string> = {
  sent: "Awaiting your answer",
  accepted: "Accepted",
  changes_requested: "Changes requested",
  declined: "Declined",
  expired: "Expired",
  superseded: "Replaced by a revision",
};
