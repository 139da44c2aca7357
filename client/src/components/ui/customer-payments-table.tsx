import type { ReactNode } from "react";
import type { Payment } from "@common/contract/payments";
import { formatDateTime } from "@/lib/format";
import { DataTable, PAYMENT_OUTCOME_COLUMNS, paymentDateColumn, type TableColumn } from "./data-table";

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
        <span className="block font-normal">{jobOf(payment)}</span>
      </>
    ),
  },
  ...PAYMENT_OUTCOME_COLUMNS,
];

const noJob = () => null;

interface CustomerPaymentsTableProps {
  rows: readonly Payment[];
  caption: string;
  /** The job a payment belongs to, under its description. */
  jobOf?: (payment: Payment) => ReactNode;
}

/** A customer's payments as a table: when, what for, how much and what became of each. */
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
