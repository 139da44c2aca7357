import { QUOTE_DECLINED_NOTE, type QuoteStatus } from "@common/quote-statuses";
import { STATUS_TONES } from "@/lib/status-tones";

export interface QuoteStatusView {
  label: string;
  /** What the customer should expect next, when there is something to say. */
  note?: string;
  className: string;
}

const views: Record<QuoteStatus, QuoteStatusView> = {
  pending: { label: "Pending Review", className: STATUS_TONES.waiting },
  accepted: {
    label: "Accepted",
    note: "Great news! Our team will contact you shortly to schedule your mission.",
    className: STATUS_TONES.good,
  },
  declined: {
    label: "Declined",
    note: QUOTE_DECLINED_NOTE,
    className: STATUS_TONES.bad,
  },
  completed: { label: "Completed", className: STATUS_TONES.info },
};

// Older status names, approved and rejected, mean accepted and declined (docs/product.md §4).
const aliases: Record<string, QuoteStatus> = { approved: "accepted", rejected: "declined" };

/** How a quote status reads on the dashboard (docs/product.md §4); anything unknown reads as pending. */
export function quoteStatusView(status: string): QuoteStatusView {
  const byName: Partial<Record<string, QuoteStatusView>> = views;
  return byName[aliases[status] ?? status] ?? views.pending;
}

/** How a quote status reads in the back office: its plain name, in the customer's colours. */
export function backOfficeStatusView(status: QuoteStatus): { label: string; className: string } {
  return { label: status.charAt(0).toUpperCase() + status.slice(1), className: views[status].className };
}
