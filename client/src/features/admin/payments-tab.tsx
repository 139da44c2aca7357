import { Receipt } from "lucide-react";
import { Link } from "wouter";
import type { AdminPayment } from "@common/contract/payments";
import { PAYMENT_OUTCOME_COLUMNS, paymentDateColumn } from "@/components/billing/payment-columns";
import { DataTable, type TableColumn } from "@/components/ui/data-table";
import { ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import { PdfLink } from "@/components/ui/pdf-link";
import { formatDateTime, formatPaymentMoney } from "@/lib/format";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { useAdminPayments } from "./api/get-admin-payments";
import { adminJobPath } from "./customers/links";
import { isRefundable, RefundPaymentDialog } from "./refund-payment-dialog";

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
  {
    header: "Service",
    rowHeader: true,
    cell: (payment) => (
      <>
        {payment.description}
        {/* The job the server says it pays for: its quote's, its estimate's or its invoice's. */}
        {payment.jobId === null ? null : (
          <Link href={adminJobPath(payment.jobId)} className="block font-normal text-primary underline-offset-4 hover:underline">
            Job #{payment.jobId}
          </Link>
        )}
      </>
    ),
  },
  ...PAYMENT_OUTCOME_COLUMNS,
  {
    header: "Refunded",
    className: "text-right",
    cellClassName: "whitespace-nowrap font-mono tabular-nums",
    cell: (payment) =>
      payment.refundedAmount > 0 ? (
        formatPaymentMoney(payment.refundedAmount, payment)
      ) : (
        <>
          <span aria-hidden>—</span>
          <span className="sr-only">None</span>
        </>
      ),
  },
  {
    header: "Actions",
    cell: (payment) =>
      payment.status === "succeeded" ? (
        <div className="flex flex-wrap gap-2">
          <PdfLink
            href={`/api/payments/${payment.id}/receipt`}
            label="Receipt"
            what={`${payment.customerName}'s payment of ${formatPaymentMoney(payment.amount, payment)}, ${formatDateTime(payment.createdAt)}`}
          />
          {isRefundable(payment) ? <RefundPaymentDialog payment={payment} /> : null}
        </div>
      ) : null,
  },
];

/**
 * Payments tab: every customer's payments, newest first, with status, amount, customer and service,
 * what refunds gave back, a succeeded payment's receipt, and Refund on a card payment with money left.
 */
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
          className="relative overflow-x-auto rounded-lg border bg-card/80 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <DataTable
            rows={rows}
            columns={columns}
            caption="Payments of every customer, newest first"
            captionId="admin-payments-caption"
            className="w-full min-w-[64rem] border-collapse text-sm"
            headClassName="hud-label px-4 py-3 text-left font-semibold text-muted-foreground"
            cellClassName="px-4 py-3 align-top"
          />
        </div>
      )}
    </ListPanel>
  );
}
