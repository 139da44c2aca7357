import { Receipt } from "lucide-react";
import { CustomerPaymentsTable } from "@/components/ui/customer-payments-table";
import { ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { usePayments } from "@/lib/payments";
import { JobTag } from "./job-tag";

/** Payments tab: every payment the customer started, newest first, with what became of it. */
export function PaymentsTab() {
  const payments = usePayments();
  useLoadErrorToast(payments, "Failed to load your payments");

  return (
    <ListPanel
      id="payments-heading"
      title="Payment history"
      query={payments}
      loadingLabel="Loading your payments…"
      empty={<EmptyState icon={<Receipt />}>No payments yet. Payments for subscriptions, quotes and services appear here.</EmptyState>}
    >
      {(rows) => <CustomerPaymentsTable rows={rows} caption="Your payments, newest first" jobOf={(payment) => <JobTag quoteId={payment.quoteId} />} />}
    </ListPanel>
  );
}
