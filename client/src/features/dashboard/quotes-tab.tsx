import { ClipboardList, CreditCard } from "lucide-react";
import { Link } from "wouter";
import { checkoutHref } from "@common/payments";
import { serviceLabel } from "@common/quotes";
import type { Quote } from "@common/contract/quotes";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { useQuotes } from "@/lib/quotes";
import { formatUsd } from "@/lib/format";
import { CardList, ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import { quoteStatusView } from "@/lib/quote-status";
import { QuoteRequestCard } from "@/components/ui/quote-request-card";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";

/** Pay on an accepted, priced quote: checkout charges the price the server holds, not this one. */
function PayLink({ quote, price }: { quote: Quote; price: number }) {
  const service = serviceLabel(quote.serviceType);
  return (
    <Link href={checkoutHref({ service, amount: price / 100, quoteId: quote.id })} className={buttonVariants({ size: "sm" })}>
      <CreditCard aria-hidden />
      Pay {formatUsd(price)}
      <span className="sr-only"> for {service}</span>
    </Link>
  );
}

function QuoteCard({ quote }: { quote: Quote }) {
  const status = quoteStatusView(quote.status);
  const details = [
    { term: "Budget", value: quote.budget },
    { term: "Timeline", value: quote.timeline },
    { term: "Quoted price", value: quote.price === null ? null : formatUsd(quote.price) },
  ].filter((detail): detail is { term: string; value: string } => Boolean(detail.value));

  return (
    <QuoteRequestCard quote={quote} status={status} details={details}>
      {status.note ? <p className={cn("rounded-md border px-4 py-3 text-sm", status.className)}>{status.note}</p> : null}
      {quote.status === "accepted" && quote.price !== null && !quote.paid ? <PayLink quote={quote} price={quote.price} /> : null}
    </QuoteRequestCard>
  );
}

/** My Quotes tab: the customer's custom quote requests and where each one stands (docs/product.md §4). */
export function QuotesTab() {
  const quotes = useQuotes();
  useLoadErrorToast(quotes, "Failed to load quote requests");

  return (
    <ListPanel
      id="quotes-heading"
      title="My quote requests"
      query={quotes}
      loadingLabel="Loading your quote requests…"
      empty={
        <EmptyState
          icon={<ClipboardList />}
          action={
            <Link href="/request-quote" className={buttonVariants({ variant: "outline" })}>
              Request a quote
            </Link>
          }
        >
          You haven&apos;t requested any custom quotes yet.
        </EmptyState>
      }
    >
      {(items) => <CardList items={items}>{(quote) => <QuoteCard quote={quote} />}</CardList>}
    </ListPanel>
  );
}
