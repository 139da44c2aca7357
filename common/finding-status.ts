// A finding's states (issue 18) alone, apart from common/findings.ts: the customer's dashboard counts
// findings by state and loads nothing else of theirs (e2e/budget.spec.ts).

/**
 * open → repair planned → repaired → verified, or dismissed. `candidate` is reserved for findings a
 * detector proposes: admins alone see them until one is opened or dismissed.
 */
export const FINDING_STATUSES = ["candidate", "open", "repair_planned", "repaired", "verified", "dismissed"] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];
export const FINDING_STATUS_LABELS: Record<FindingStatus, string> = {
  candidate: "Candidate",
  open: "Open",
  repair_planned: "Repair planned",
  repaired: "Repaired",
  verified: "Verified",
  dismissed: "Dismissed",
};

/** The states counted on the job and the dashboard: every state a customer may see. */
export const COUNTED_STATUSES = ["open", "repair_planned", "repaired", "verified", "dismissed"] as const satisfies readonly FindingStatus[];
export type FindingCounts = Record<(typeof COUNTED_STATUSES)[number], number>;

