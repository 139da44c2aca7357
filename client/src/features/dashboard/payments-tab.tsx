import { Receipt } from "lucide-react";
import type { Payment } from "@common/contract/payments";
import { CustomerInvoicesTable } from "@/components/billing/customer-invoices-table";
import { CustomerPaymentsTable } from "@/components/billing/customer-payments-table";
import { ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import { useInvoices } from "@/api/invoices";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { usePayments } from "@/api/payments";
import { JobTag } from "./job-tag";

function InvoicesPanel({ invoices }: { invoices: ReturnType<typeof useInvoices> }) {
  return (
    <ListPanel
      id="invoices-heading"
      title="Invoices"
      query={invoices}
      loadingLabel="Loading your invoices…"
      loadError="Your invoices could not be loaded. Please try again later."
      empty={<p className="text-muted-foreground">No invoices yet. A job's final invoice appears here once the job is delivered.</p>}
    >
      {(rows) => <CustomerInvoicesTable rows={rows} caption="Your invoices, newest first" jobOf={(invoice) => <JobTag jobId={invoice.jobId} />} />}
    </ListPanel>
  );
}

/** Payments tab: the customer's invoices with what is left to pay, then every payment they started, newest first, with what became of it. */
export function PaymentsTab() {
  const invoices = useInvoices();
  const payments = usePayments();
  useLoadErrorToast(payments, "Failed to load your payments");

  return (
    <div className="space-y-12">
      <InvoicesPanel invoices={invoices} />
      <ListPanel
        id="payments-heading"
        title="Payment history"
        query={payments}
        loadingLabel="Loading your payments…"
        empty={<EmptyState icon={<Receipt />}>No payments yet. Payments for subscriptions, quotes and services appear here.</EmptyState>}
      >
        {(rows) => (
          // The server names each payment's job: its quote's, its estimate's (a deposit, before any invoice) or its invoice's.
          <CustomerPaymentsTable rows={rows} caption="Your payments, newest first" jobOf={(payment: Payment) => <JobTag jobId={payment.jobId} />} />
        )}
      </ListPanel>
    </div>
  );
}
