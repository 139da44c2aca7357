import { FileDown } from "lucide-react";
import type { ReactNode } from "react";
import type { Payment } from "@common/contract/payments";
import { PAYMENT_METHOD_LABELS } from "@common/payment-methods";
import { formatMoney } from "@common/money";
import { formatDateTime } from "@/lib/format";
import { DataTable, type TableColumn } from "@/components/ui/data-table";
import { paymentDateColumn } from "./payment-columns";
import { PaymentOutcome } from "./payment-status";

/** The receipt of a succeeded payment, a PDF the server renders; its description and date complete the name for screen readers. */
function ReceiptLink({ payment }: { payment: Payment }) {
  return (
    <a
      href={`/api/payments/${payment.id}/receipt`}
      download
      aria-label={`Receipt for ${payment.description}, ${formatDateTime(payment.createdAt)}`}
      className="inline-flex items-center gap-1 text-primary underline underline-offset-4"
    >
      <FileDown aria-hidden className="size-3.5" />
      Receipt
    </a>
  );
}

// A phone has no room for a date column: the date moves under the description, so the table needs no sideways scrolling.
const columnsWith = (jobOf: (payment: Payment) => ReactNode): readonly TableColumn<Payment>[] => [
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
        {payment.method !== "card" ? <span className="block font-normal text-muted-foreground">{PAYMENT_METHOD_LABELS[payment.method]}</span> : null}
        <span className="block font-normal">{jobOf(payment)}</span>
      </>
    ),
  },
  {
    header: "Amount",
    className: "text-right",
    cellClassName: "whitespace-nowrap font-mono tabular-nums",
    cell: (payment) => (
      <>
        {formatMoney(payment.amount, payment.currency.toUpperCase())}
        {payment.refundedAmount > 0 ? (
          <span className="block text-muted-foreground">Refunded {formatMoney(payment.refundedAmount, payment.currency.toUpperCase())}</span>
        ) : null}
      </>
    ),
  },
  {
    header: "Status",
    cell: (payment) => (
      <div className="space-y-1">
        <PaymentOutcome payment={payment} />
        {payment.status === "succeeded" ? <ReceiptLink payment={payment} /> : null}
      </div>
    ),
  },
];

const noJob = () => null;

interface CustomerPaymentsTableProps {
  rows: readonly Payment[];
  caption: string;
  /** The job a payment belongs to, under its description. */
  jobOf?: (payment: Payment) => ReactNode;
}

/** A customer's payments as a table: when, what for, how much (and what refunds gave back), what became of each, and a succeeded one's receipt. */
export function CustomerPaymentsTable({ rows, caption, jobOf = noJob }: CustomerPaymentsTableProps) {
  const columns = columnsWith(jobOf);
  return (
    <div className="overflow-hidden rounded-lg border bg-card/80">
      <DataTable
        rows={rows}
        columns={columns}
        caption={caption}
        className="w-full border-collapse text-sm"
        headClassName="hud-label px-3 py-3 text-left font-semibold text-muted-foreground sm:px-4"
        cellClassName="px-3 py-3 align-top sm:px-4"
      />
    </div>
  );
}
