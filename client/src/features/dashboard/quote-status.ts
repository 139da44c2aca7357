import type { QuoteStatus } from "@common/quotes";

export interface QuoteStatusView {
  label: string;
  /** What the customer should expect next, when there is something to say. */
  note?: string;
  className: string;
}

// Tints only in the dark theme: on the light one they pull amber and green text below 4.5:1.
const views: Record<QuoteStatus, QuoteStatusView> = {
  pending: { label: "Pending Review", className: "border-accent/60 bg-transparent text-accent dark:bg-accent/10" },
  accepted: {
    label: "Accepted",
    note: "Great news! Our team will contact you shortly to schedule your mission.",
    className: "border-success/60 bg-transparent text-success dark:bg-success/10",
  },
  declined: {
    label: "Declined",
    note: "We're unable to take on this request right now. Feel free to submit a new one or contact us.",
    className: "border-destructive/60 bg-transparent text-destructive dark:bg-destructive/10",
  },
  completed: { label: "Completed", className: "border-primary/60 bg-primary/10 text-primary" },
};

// The spec's styles also name approved and rejected; they mean accepted and declined.
const aliases: Record<string, QuoteStatus> = { approved: "accepted", rejected: "declined" };

/** How a quote status reads on the dashboard (SPEC §4); anything unknown reads as pending. */
export function quoteStatusView(status: string): QuoteStatusView {
  const byName: Partial<Record<string, QuoteStatusView>> = views;
  return byName[aliases[status] ?? status] ?? views.pending;
}
