import { Receipt } from "lucide-react";
import type { AdminPayment } from "@common/contract/payments";
import { DataTable, PAYMENT_OUTCOME_COLUMNS, paymentDateColumn, type TableColumn } from "@/components/ui/data-table";
import { ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { useAdminPayments } from "./api/get-admin-payments";

const LOAD_FAILED = "Failed to load payments";

const columns: readonly TableColumn<AdminPayment>[] = [
  paymentDateColumn(),
  {
    header: "Customer",
    cell: (payment) => (
      <>
        <p className="font-semibold break-words">{payment.customerName}</p>
        <a href={`mailto:${payment.customerEmail}`} className="break-all text-primary underline-offset-4 hover:underline">
          {payment.customerEmail}
        </a>
      </>
    ),
  },
  { header: "Service", rowHeader: true, cell: (payment) => payment.description },
  ...PAYMENT_OUTCOME_COLUMNS,
];

/** Payments tab: every customer's payments, newest first, with status, amount, customer and service. */
export function PaymentsTab() {
  const payments = useAdminPayments();
  useLoadErrorToast(payments, LOAD_FAILED);

  return (
    <ListPanel
      id="admin-payments-heading"
      title="All payments"
      query={payments}
      loadingLabel="Loading payments…"
      loadError={LOAD_FAILED}
      empty={<EmptyState icon={<Receipt />}>No payments yet. Payments customers make at checkout appear here.</EmptyState>}
    >
      {(rows) => (
        // Focusable so keyboard users can scroll the table sideways on a narrow screen.
        <div
          role="region"
          aria-labelledby="admin-payments-caption"
          tabIndex={0}
          className="overflow-x-auto rounded-lg border bg-card/80 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <DataTable
            rows={rows}
            columns={columns}
            caption="Payments of every customer, newest first"
            captionId="admin-payments-caption"
            className="w-full min-w-[48rem] border-collapse text-sm"
            headClassName="hud-label px-4 py-3 text-left font-semibold text-muted-foreground"
            cellClassName="px-4 py-3 align-top"
          />
        </div>
      )}
    </ListPanel>
  );
}
