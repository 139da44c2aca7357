import { ClipboardList, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useAdminQuotes } from "./api/get-admin-quotes";
import { useUpdateQuoteStatus } from "./api/update-quote-status";
import { ApproveQuoteDialog } from "./approve-quote-dialog";
import { EmptyState, ErrorState, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { QuoteCard } from "./quote-card";

/** Quotes tab: pending quote requests with Approve and Decline (SPEC §2, §4). */
export function QuotesTab() {
  const quotes = useAdminQuotes();
  const update = useUpdateQuoteStatus();
  const pending = (quotes.data ?? []).filter((quote) => quote.status === "pending");
  const busyId = update.isPending ? update.variables.id : null;

  return (
    <section aria-labelledby="admin-quotes-heading">
      <PanelHeader id="admin-quotes-heading" title="Pending quote requests" />
      {quotes.isPending ? (
        <LoadingState label="Loading quote requests…" />
      ) : quotes.isError ? (
        <ErrorState>Failed to load quote requests</ErrorState>
      ) : pending.length ? (
        <ul className="grid gap-4">
          {pending.map((quote) => (
            <li key={quote.id}>
              <QuoteCard
                quote={quote}
                actions={
                  <>
                    <ApproveQuoteDialog quote={quote} disabled={busyId === quote.id} />
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      className="border-destructive/60 text-destructive hover:bg-destructive/10"
                      disabled={busyId === quote.id}
                      onClick={() => update.mutate({ id: quote.id, status: "declined" })}
                    >
                      <X aria-hidden />
                      Decline<span className="sr-only"> the request from {quote.customerName}</span>
                    </Button>
                  </>
                }
              />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={<ClipboardList />}>No pending quote requests. New requests from customers appear here.</EmptyState>
      )}
    </section>
  );
}
