import { CheckCheck, ClipboardCheck } from "lucide-react";
import { useState } from "react";
import type { AdminQuote } from "@common/contract/quotes";
import { canMarkCompleted } from "@common/quote-stage";
import { serviceLabel } from "@common/services-offered";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions, DialogContent, DialogHeading } from "@/components/ui/dialog";
import { useUpdateQuoteStatus } from "./api/update-quote-status";
import { QuoteRequestsPanel } from "./quote-requests-panel";

const PROCESSED = ["accepted", "declined", "completed"] as const;

/** Mark Completed, asked first: a completed quote takes no further step. */
function MarkCompleted({ quote, disabled }: { quote: AdminQuote; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateQuoteStatus();
  return (
    <>
      <Button type="button" size="sm" variant="outline" disabled={disabled} onClick={() => setOpen(true)}>
        <CheckCheck aria-hidden />
        Mark Completed<span className="sr-only">: the request from {quote.customerName}</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeading
            eyebrow="// Complete request"
            title="Mark this request completed?"
            description={`${serviceLabel(quote.serviceType)} for ${quote.customerName}. Its job is closed; the customer sees it as Completed, and it takes no further step.`}
          />
          <DialogActions closeLabel="Cancel" closeDisabled={update.isPending}>
            <Button
              type="button"
              disabled={update.isPending}
              onClick={() => update.mutate({ id: quote.id, status: "completed" }, { onSuccess: () => setOpen(false) })}
            >
              {update.isPending ? "Completing…" : "Mark Completed"}
            </Button>
          </DialogActions>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** Processed tab: accepted, declined and completed quotes, searched and paged on the server; one whose job is delivered can be marked completed. */
export function ProcessedTab() {
  return (
    <QuoteRequestsPanel
      id="processed-heading"
      title="Processed quote requests"
      statuses={PROCESSED}
      emptyIcon={<ClipboardCheck />}
      empty="No processed quote requests yet. Approved and declined requests appear here."
      // Mark Completed closes the job, so it is offered once the job is delivered (docs/decisions/0048-quote-and-job-life-cycles.md).
      actions={(quote, { busy }) =>
        canMarkCompleted({ quoteStatus: quote.status, jobStatus: quote.jobStatus }) ? <MarkCompleted quote={quote} disabled={busy} /> : undefined
      }
    />
  );
}
