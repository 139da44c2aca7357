import type { ReactNode } from "react";
import type { AdminQuote } from "@common/contract/quotes";
import { QuoteRequestCard } from "@/components/ui/quote-request-card";
import { formatUsd } from "@/lib/format";
import { backOfficeStatusView } from "@/lib/quote-status";

/** One quote request as an admin reads it, with the actions its status allows. */
export function QuoteCard({ quote, actions }: { quote: AdminQuote; actions?: ReactNode }) {
  const details = [
    { term: "Budget", value: quote.budget || "Not specified" },
    { term: "Timeline", value: quote.timeline || "Not specified" },
    ...(quote.price === null ? [] : [{ term: "Price (USD)", value: formatUsd(quote.price) }]),
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
    <QuoteRequestCard quote={quote} status={backOfficeStatusView(quote.status)} byline={byline} details={details}>
      {actions ? <div className="flex flex-wrap gap-3 pt-1">{actions}</div> : null}
    </QuoteRequestCard>
  );
}
