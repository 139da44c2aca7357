import { CheckCheck, ClipboardCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/panel-states";
import { QuoteRequestsPanel } from "./quote-requests-panel";

/** Processed tab: accepted, declined and completed quotes; an accepted one can be marked completed. */
export function ProcessedTab() {
  return (
    <QuoteRequestsPanel
      id="processed-heading"
      title="Processed quote requests"
      shows={(quote) => quote.status !== "pending"}
      empty={<EmptyState icon={<ClipboardCheck />}>No processed quote requests yet. Approved and declined requests appear here.</EmptyState>}
      actions={(quote, { busy, decide }) =>
        quote.status === "accepted" ? (
          <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => decide("completed")}>
            <CheckCheck aria-hidden />
            Mark Completed<span className="sr-only">: the request from {quote.customerName}</span>
          </Button>
        ) : undefined
      }
    />
  );
}
