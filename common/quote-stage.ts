// One story for a quote request and the job it opened (docs/decisions/0048-quote-and-job-life-cycles.md):
// where the request stands is read from its job, its job's estimate and its own status, in one
// table, so My Quotes, the job page and the back office say the same thing. Plain data, without zod.
import type { EstimateStatus } from "./estimate-status";
import { JOB_NEXT_STEP, JOB_STATUS_LABELS, type JobStatus } from "./job-status";
import type { QuoteStatus } from "./quote-statuses";

export const QUOTE_STAGES = [
  "pending_review",
  "estimate_sent",
  "changes_requested",
  "estimate_declined",
  "accepted",
  "scheduled",
  "flown",
  "processing",
  "delivered",
  "completed",
  "declined",
  "cancelled",
] as const;
export type QuoteStage = (typeof QUOTE_STAGES)[number];

/** What a stage reads as: SPEC's words where SPEC names them (Pending Review, Accepted, Declined), the job's otherwise. */
export const QUOTE_STAGE_LABELS: Record<QuoteStage, string> = {
  pending_review: "Pending Review",
  estimate_sent: "Estimate sent",
  changes_requested: "Changes requested",
  estimate_declined: "Estimate declined",
  accepted: "Accepted",
  scheduled: JOB_STATUS_LABELS.scheduled,
  flown: JOB_STATUS_LABELS.flown,
  processing: JOB_STATUS_LABELS.processing,
  delivered: JOB_STATUS_LABELS.delivered,
  completed: "Completed",
  declined: "Declined",
  cancelled: JOB_STATUS_LABELS.cancelled,
};

/** What happens next, the job's own words but while an estimate waits: none once the story has ended. */
export const QUOTE_STAGE_NEXT_STEPS: Record<QuoteStage, string | null> = {
  pending_review: JOB_NEXT_STEP.requested,
  estimate_sent: "Answer the estimate",
  changes_requested: "We revise the estimate",
  estimate_declined: "We get back to you about the estimate",
  accepted: JOB_NEXT_STEP.accepted,
  scheduled: JOB_NEXT_STEP.scheduled,
  flown: JOB_NEXT_STEP.flown,
  processing: JOB_NEXT_STEP.processing,
  delivered: JOB_NEXT_STEP.delivered,
  completed: null,
  declined: null,
  cancelled: null,
};

/** The stages in which the customer, not the business, is expected to act. */
export const CUSTOMER_ACTS: readonly QuoteStage[] = ["estimate_sent"];

interface QuoteStory {
  quoteStatus: QuoteStatus;
  /** The job the request opened; null for a request older than jobs. */
  jobStatus: JobStatus | null;
  /** The job's current estimate revision (the newest not superseded), if one was sent. */
  estimateStatus: EstimateStatus | null;
}

/**
 * Where a request stands. A request older than jobs tells its own status; otherwise the job leads:
 * an accepted request whose job is still requested waits on its estimate, and a closed job is a
 * completed request.
 */
export function quoteStage({ quoteStatus, jobStatus, estimateStatus }: QuoteStory): QuoteStage {
  if (quoteStatus === "declined") return "declined";
  if (jobStatus === null) return quoteStatus === "pending" ? "pending_review" : quoteStatus;
  switch (jobStatus) {
    case "requested":
      if (quoteStatus === "pending") return "pending_review";
      if (estimateStatus === "changes_requested") return "changes_requested";
      if (estimateStatus === "declined") return "estimate_declined";
      return "estimate_sent";
    case "closed":
      return "completed";
    default:
      return jobStatus;
  }
}

/**
 * Mark Completed (SPEC's admin action) closes the request's job, so it is offered where the job may
 * close: once delivered. A request older than jobs keeps SPEC's rule, any accepted one.
 */
export function canMarkCompleted({ quoteStatus, jobStatus }: Pick<QuoteStory, "quoteStatus" | "jobStatus">): boolean {
  return quoteStatus === "accepted" && (jobStatus === null || jobStatus === "delivered");
}

/** Why Mark Completed is refused for a request whose job is not delivered: the 409's message. */
export const notDeliveredYet = (jobStatus: JobStatus): string =>
  `The request's job is ${JOB_STATUS_LABELS[jobStatus].toLowerCase()}; it is completed once delivered`;
