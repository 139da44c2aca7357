import { ClipboardList } from "lucide-react";
import { Link } from "wouter";
import { CustomerQuoteCard } from "@/components/quotes/customer-quote-card";
import { buttonVariants } from "@/components/ui/button";
import { useQuotes } from "@/api/quotes";
import { CardList, ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { JobTag } from "./job-tag";

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
      {(items) => <CardList items={items}>{(quote) => <CustomerQuoteCard quote={quote} job={<JobTag quoteId={quote.id} />} />}</CardList>}
    </ListPanel>
  );
}
