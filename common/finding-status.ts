// A finding's states alone, apart from common/findings.ts: the customer's dashboard counts
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

/** The states counted on the job and the dashboard: the customer's (below) and, for the business alone, dismissed. */
export const COUNTED_STATUSES = ["open", "repair_planned", "repaired", "verified", "dismissed"] as const satisfies readonly FindingStatus[];
export type FindingCounts = Record<(typeof COUNTED_STATUSES)[number], number>;

/**
 * What a customer ever sees of a finding (docs/decisions/0046-what-a-customer-sees-of-a-finding.md):
 * the findings a person at the business stands behind, in these states. A candidate nobody decided on
 * and a dismissed finding (a rejected candidate, or a fault found not to be one) are the business's
 * own: never listed, counted, mapped, exported, zipped, shared or printed in the customer's report.
 */
export const CUSTOMER_VISIBLE_STATUSES = ["open", "repair_planned", "repaired", "verified"] as const satisfies readonly FindingStatus[];

/** Whether a finding in this state is one the customer sees (the rule above, the one place it is decided). */
export const customerSeesFinding = (status: FindingStatus): boolean => (CUSTOMER_VISIBLE_STATUSES as readonly FindingStatus[]).includes(status);
