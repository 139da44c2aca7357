import { Receipt } from "lucide-react";
import type { Payment } from "@common/contract/payments";
import { DataTable, PAYMENT_OUTCOME_COLUMNS, paymentDateColumn, type TableColumn } from "@/components/ui/data-table";
import { ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import { formatDateTime } from "@/lib/format";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { usePayments } from "@/lib/payments";

// A phone has no room for a date column: the date moves under the description, so the table needs no sideways scrolling.
const columns: readonly TableColumn<Payment>[] = [
  paymentDateColumn("max-sm:hidden"),
  {
    header: "Description",
    rowHeader: true,
    cell: (payment) => (
      <>
        {payment.description}
        <time dateTime={payment.createdAt} className="mt-1 block font-normal text-muted-foreground sm:hidden">
          {formatDateTime(payment.createdAt)}
        </time>
      </>
    ),
  },
  ...PAYMENT_OUTCOME_COLUMNS,
];

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
      {(rows) => (
        <div className="overflow-hidden rounded-lg border bg-card/80">
          <DataTable
            rows={rows}
            columns={columns}
            caption="Your payments, newest first"
            className="w-full border-collapse text-sm"
            headClassName="hud-label px-3 py-3 text-left font-semibold text-muted-foreground sm:px-4"
            cellClassName="px-3 py-3 align-top sm:px-4"
          />
        </div>
      )}
    </ListPanel>
  );
}
