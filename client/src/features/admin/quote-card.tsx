import type { ReactNode } from "react";
import type { AdminQuote } from "@common/contract/quotes";
import { QuoteRequestCard } from "@/components/quotes/quote-request-card";
import { formatBusinessMoney, withCurrency } from "@/lib/format";
import { quoteStageView } from "@/api/quote-status";
import { CUSTOMER_ACTS } from "@common/quote-stage";
import { serviceLabel } from "@common/services-offered";
import { EstimateBuilderButton } from "./estimates/estimate-builder-button";

/**
 * A pending request's Send estimate: approving it by the estimate the business sends for its job
 * (the server accepts the quote with it). A request older than jobs has no job to estimate.
 */
function SendEstimate({ quote }: { quote: AdminQuote }) {
  if (quote.status !== "pending" || quote.jobId === null) return null;
  return (
    <EstimateBuilderButton
      jobId={quote.jobId}
      about={`${serviceLabel(quote.serviceType)} for ${quote.customerName}`}
      label="Send estimate"
      srLabel={` for the request from ${quote.customerName}`}
    />
  );
}

/** What the request's job waits for, as the customer reads it too (docs/decisions/0048-quote-and-job-life-cycles.md). */
function NextStep({ quote }: { quote: Pick<AdminQuote, "stage" | "nextStep"> }) {
  if (!quote.nextStep) return null;
  const customersTurn = CUSTOMER_ACTS.includes(quote.stage);
  return (
    <p className="text-sm">
      <span className="font-semibold">Next:</span> {quote.nextStep}
      {customersTurn ? <span className="text-muted-foreground"> (the customer&apos;s turn)</span> : null}
    </p>
  );
}

/** One quote request as an admin reads it, with the actions its status allows; a pending one also Send estimate. */
export function QuoteCard({ quote, actions }: { quote: AdminQuote; actions?: ReactNode }) {
  const details = [
    { term: "Budget", value: quote.budget || "Not specified" },
    { term: "Timeline", value: quote.timeline || "Not specified" },
    ...(quote.price === null ? [] : [{ term: withCurrency("Price"), value: formatBusinessMoney(quote.price) }]),
    ...(quote.declineReason ? [{ term: "Reason given", value: quote.declineReason }] : []),
  ];
  const byline = (
    <p className="mt-1 text-sm break-words text-muted-foreground">
      <span className="font-semibold text-foreground">{quote.customerName}</span>{" "}
      <a href={`mailto:${quote.customerEmail}`} className="text-primary underline-offset-4 hover:underline">
        {quote.customerEmail}
      </a>
    </p>
  );

  return (
    <QuoteRequestCard quote={quote} status={quoteStageView(quote)} byline={byline} details={details}>
      <NextStep quote={quote} />
      {actions ? (
        <div className="flex flex-wrap gap-3 pt-1">
          <SendEstimate quote={quote} />
          {actions}
        </div>
      ) : null}
    </QuoteRequestCard>
  );
}
