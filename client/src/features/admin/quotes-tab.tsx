import { ClipboardList } from "lucide-react";
import { ApproveQuoteDialog } from "./approve-quote-dialog";
import { DeclineQuoteDialog } from "./decline-quote-dialog";
import { QuoteRequestsPanel } from "./quote-requests-panel";

const PENDING = ["pending"] as const;

/** Quotes tab: pending quote requests with Approve and Decline, searched and paged on the server (docs/product.md §2, §4). */
export function QuotesTab() {
  return (
    <QuoteRequestsPanel
      id="admin-quotes-heading"
      title="Pending quote requests"
      statuses={PENDING}
      emptyIcon={<ClipboardList />}
      empty="No pending quote requests. New requests from customers appear here."
      actions={(quote, { busy }) => (
        <>
          <ApproveQuoteDialog quote={quote} disabled={busy} />
          <DeclineQuoteDialog quote={quote} disabled={busy} />
        </>
      )}
    />
  );
}
