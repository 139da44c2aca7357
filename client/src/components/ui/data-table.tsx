import type { ReactNode } from "react";
import { formatDateTime, formatUsd } from "@/lib/format";
import { PaymentOutcome } from "./payment-status";

export interface TableColumn<T> {
  header: string;
  /** Classes of the column's header and cells alike (alignment, hidden on phones). */
  className?: string;
  /** Classes of its cells alone. */
  cellClassName?: string;
  /** The cell that names the row, read out before the others. */
  rowHeader?: boolean;
  cell: (row: T) => ReactNode;
}

interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly TableColumn<T>[];
  caption: ReactNode;
  captionId?: string;
  className: string;
  /** Classes of every header cell and of every body cell. */
  headClassName: string;
  cellClassName: string;
}

const join = (...classes: (string | undefined)[]) => classes.filter(Boolean).join(" ");

/** A table with one row per item and a screen-reader caption, its columns described once. */
export function DataTable<T extends { id: number }>({ rows, columns, caption, captionId, className, headClassName, cellClassName }: DataTableProps<T>) {
  return (
    <table className={className}>
      <caption id={captionId} className="sr-only">
        {caption}
      </caption>
      <thead className="border-b bg-muted/40">
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={join(headClassName, column.className)}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className="border-b last:border-b-0">
            {columns.map((column) => {
              const className = join(cellClassName, column.className, column.cellClassName);
              return column.rowHeader ? (
                <th key={column.header} scope="row" className={join(className, "text-left font-semibold break-words")}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.header} className={className}>
                  {column.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type PaymentCells = { amount: number; status: string; failureMessage: string | null; createdAt: string };

/** When the payment was made; `className` hides it on phones where the table has no room. */
export function paymentDateColumn(className?: string): TableColumn<PaymentCells> {
  return {
    header: "Date",
    className,
    cellClassName: "whitespace-nowrap text-muted-foreground",
    cell: (payment) => <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time>,
  };
}

/** The amount and status columns every payments table ends with. */
export const PAYMENT_OUTCOME_COLUMNS: readonly TableColumn<PaymentCells>[] = [
  { header: "Amount", className: "text-right", cellClassName: "whitespace-nowrap font-mono tabular-nums", cell: (payment) => formatUsd(payment.amount) },
  { header: "Status", cell: (payment) => <PaymentOutcome payment={payment} /> },
];
