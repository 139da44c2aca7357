import { QUOTE_DECLINED_NOTE } from "@common/quote-statuses";
import { QUOTE_STAGE_LABELS, type QuoteStage } from "@common/quote-stage";
import { STATUS_TONES } from "@/lib/status-tones";

export interface QuoteStatusView {
  label: string;
  /** What the customer should expect next, when there is something to say. */
  note?: string;
  className: string;
}

/** SPEC's friendly follow-up of an accepted request (docs/product.md §4): true while the flight is still to be scheduled. */
const ACCEPTED_NOTE = "Great news! Our team will contact you shortly to schedule your mission.";

const STAGE_TONES: Record<QuoteStage, string> = {
  pending_review: STATUS_TONES.waiting,
  estimate_sent: STATUS_TONES.waiting,
  changes_requested: STATUS_TONES.waiting,
  estimate_declined: STATUS_TONES.quiet,
  accepted: STATUS_TONES.good,
  scheduled: STATUS_TONES.good,
  flown: STATUS_TONES.good,
  processing: STATUS_TONES.good,
  delivered: STATUS_TONES.good,
  completed: STATUS_TONES.info,
  declined: STATUS_TONES.bad,
  cancelled: STATUS_TONES.quiet,
};

/**
 * How a request reads, on the dashboard and in the back office alike, where its job leads
 * (docs/decisions/0048-quote-and-job-life-cycles.md): the stage's label (SPEC's Pending Review,
 * Accepted, Declined where SPEC names them), SPEC's friendly follow-up only while the flight is still
 * to be scheduled, the polite note of a decline, otherwise what happens next.
 */
export function quoteStageView(quote: { stage: QuoteStage; nextStep: string | null }): QuoteStatusView {
  const label = QUOTE_STAGE_LABELS[quote.stage];
  const className = STAGE_TONES[quote.stage];
  if (quote.stage === "accepted") return { label, className, note: ACCEPTED_NOTE };
  if (quote.stage === "declined") return { label, className, note: QUOTE_DECLINED_NOTE };
  if (quote.stage === "estimate_sent") return { label, className, note: "An estimate waits for your answer." };
  if (quote.stage === "pending_review" || !quote.nextStep) return { label, className };
  return { label, className, note: `Next: ${quote.nextStep}.` };
}
