import { CreditCard } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { checkoutHref } from "@common/checkout";
import { DECLINE_REASON_LEAD } from "@common/quote-statuses";
import { serviceLabel } from "@common/services-offered";
import type { Quote } from "@common/contract/quotes";
import { formatBusinessMoney } from "@/lib/format";
import { jobPath } from "@/api/jobs";
import { quoteStageView } from "@/api/quote-status";
import { cn } from "@/lib/utils";
import { buttonVariants } from "@/components/ui/button";
import { QuoteRequestCard } from "./quote-request-card";

/** Pay on an accepted, priced quote: checkout charges the price the server holds, not this one. */
function PayLink({ quote, price }: { quote: Quote; price: number }) {
  const service = serviceLabel(quote.serviceType);
  return (
    <Link href={checkoutHref({ service, amount: price / 100, quoteId: quote.id })} className={buttonVariants({ size: "sm" })}>
      <CreditCard aria-hidden />
      Pay {formatBusinessMoney(price)}
      <span className="sr-only"> for {service}</span>
    </Link>
  );
}

/**
 * A quote request as its customer sees it (docs/product.md §4): where it and its job stand
 * (docs/decisions/0048-quote-and-job-life-cycles.md), its price, and Pay once accepted; `job`, the
 * job it opened, under the service.
 */
export function CustomerQuoteCard({ quote, job }: { quote: Quote; job?: ReactNode }) {
  const status = quoteStageView(quote);
  const details = [
    { term: "Budget", value: quote.budget },
    { term: "Timeline", value: quote.timeline },
    { term: "Quoted price", value: quote.price === null ? null : formatBusinessMoney(quote.price) },
  ].filter((detail): detail is { term: string; value: string } => Boolean(detail.value));

  return (
    <QuoteRequestCard quote={quote} status={status} byline={job} details={details}>
      {status.note ? (
        <div className={cn("low:space-y-1 low:rounded-md low:border low:px-4 low:py-3 low:text-sm", status.className)}>
          <p>{status.note}</p>
          {/* The reason the admin gave for a decline, after the polite note (docs/product.md §4). */}
          {quote.stage === "estimate_sent" && quote.jobId !== null ? (
            <Link href={jobPath(quote.jobId)} className="font-semibold underline underline-offset-4">
              Answer the estimate<span className="sr-only"> for {serviceLabel(quote.serviceType)}</span>
            </Link>
          ) : null}
          {quote.status === "declined" && quote.declineReason ? (
            <p className="break-words whitespace-pre-line">
              {DECLINE_REASON_LEAD} {quote.declineReason}
            </p>
          ) : null}
        </div>
      ) : null}
      {/* A quote an accepted estimate prices is paid through the estimate's deposit and the invoice, never a second way here. */}
      {quote.status === "accepted" && quote.price !== null && !quote.paid && !quote.pricedByEstimate ? <PayLink quote={quote} price={quote.price} /> : null}
    </QuoteRequestCard>
  );
}
