import { CheckCheck, ClipboardCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useAdminQuotes } from "./api/get-admin-quotes";
import { useUpdateQuoteStatus } from "./api/update-quote-status";
import { EmptyState, ErrorState, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { QuoteCard } from "./quote-card";

/** Processed tab: accepted, declined and completed quotes; an accepted one can be marked completed. */
export function ProcessedTab() {
  const quotes = useAdminQuotes();
  const update = useUpdateQuoteStatus();
  const processed = (quotes.data ?? []).filter((quote) => quote.status !== "pending");
  const busyId = update.isPending ? update.variables.id : null;

  return (
    <section aria-labelledby="processed-heading">
      <PanelHeader id="processed-heading" title="Processed quote requests" />
      {quotes.isPending ? (
        <LoadingState label="Loading quote requests…" />
      ) : quotes.isError ? (
        <ErrorState>Failed to load quote requests</ErrorState>
      ) : processed.length ? (
        <ul className="grid gap-4">
          {processed.map((quote) => (
            <li key={quote.id}>
              <QuoteCard
                quote={quote}
                actions={
                  quote.status === "accepted" ? (
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      disabled={busyId === quote.id}
                      onClick={() => update.mutate({ id: quote.id, status: "completed" })}
                    >
                      <CheckCheck aria-hidden />
                      Mark Completed<span className="sr-only">: the request from {quote.customerName}</span>
                    </Button>
                  ) : undefined
                }
              />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={<ClipboardCheck />}>No processed quote requests yet. Approved and declined requests appear here.</EmptyState>
      )}
    </section>
  );
}
