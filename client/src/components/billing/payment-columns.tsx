import type { TableColumn } from "@/components/ui/data-table";
import { formatDateTime, formatPaymentMoney } from "@/lib/format";
import { PaymentOutcome } from "./payment-status";

type PaymentCells = { amount: number; currency: string; status: string; failureMessage: string | null; createdAt: string };

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
  {
    header: "Amount",
    className: "text-right",
    cellClassName: "whitespace-nowrap font-mono tabular-nums",
    cell: (payment) => formatPaymentMoney(payment.amount, payment),
  },
  { header: "Status", cell: (payment) => <PaymentOutcome payment={payment} /> },
];
