import { ClipboardList, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/panel-states";
import { ApproveQuoteDialog } from "./approve-quote-dialog";
import { QuoteRequestsPanel } from "./quote-requests-panel";

/** Quotes tab: pending quote requests with Approve and Decline (docs/product.md §2, §4). */
export function QuotesTab() {
  return (
    <QuoteRequestsPanel
      id="admin-quotes-heading"
      title="Pending quote requests"
      shows={(quote) => quote.status === "pending"}
      empty={<EmptyState icon={<ClipboardList />}>No pending quote requests. New requests from customers appear here.</EmptyState>}
      actions={(quote, { busy, decide }) => (
        <>
          <ApproveQuoteDialog quote={quote} disabled={busy} />
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="border-destructive/60 text-destructive hover:bg-destructive/10"
            disabled={busy}
            onClick={() => decide("declined")}
          >
            <X aria-hidden />
            Decline<span className="sr-only"> the request from {quote.customerName}</span>
          </Button>
        </>
      )}
    />
  );
}
