import { Receipt } from "lucide-react";
import { PaymentOutcome } from "@/components/ui/payment-status";
import { EmptyState, ErrorState, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { formatDateTime, formatUsd } from "@/lib/format";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { useAdminPayments } from "./api/get-admin-payments";

const LOAD_FAILED = "Failed to load payments";
const head = "hud-label px-4 py-3 text-left font-semibold text-muted-foreground";
const cell = "px-4 py-3 align-top";

/** Payments tab: every customer's payments, newest first, with status, amount, customer and service. */
export function PaymentsTab() {
  const payments = useAdminPayments();
  useLoadErrorToast(payments, LOAD_FAILED);

  return (
    <section aria-labelledby="admin-payments-heading">
      <PanelHeader id="admin-payments-heading" title="All payments" />
      {payments.isPending ? (
        <LoadingState label="Loading payments…" />
      ) : payments.isError ? (
        <ErrorState>{LOAD_FAILED}</ErrorState>
      ) : payments.data.length ? (
        // Focusable so keyboard users can scroll the table sideways on a narrow screen.
        <div
          role="region"
          aria-labelledby="admin-payments-caption"
          tabIndex={0}
          className="overflow-x-auto rounded-lg border bg-card/80 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <table className="w-full min-w-[48rem] border-collapse text-sm">
            <caption id="admin-payments-caption" className="sr-only">
              Payments of every customer, newest first
            </caption>
            <thead className="border-b bg-muted/40">
              <tr>
                <th scope="col" className={head}>
                  Date
                </th>
                <th scope="col" className={head}>
                  Customer
                </th>
                <th scope="col" className={head}>
                  Service
                </th>
                <th scope="col" className={`${head} text-right`}>
                  Amount
                </th>
                <th scope="col" className={head}>
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.data.map((payment) => (
                <tr key={payment.id} className="border-b last:border-b-0">
                  <td className={`${cell} whitespace-nowrap text-muted-foreground`}>
                    <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time>
                  </td>
                  <td className={cell}>
                    <p className="font-semibold break-words">{payment.customerName}</p>
                    <a href={`mailto:${payment.customerEmail}`} className="break-all text-primary underline-offset-4 hover:underline">
                      {payment.customerEmail}
                    </a>
                  </td>
                  <th scope="row" className={`${cell} text-left font-semibold break-words`}>
                    {payment.description}
                  </th>
                  <td className={`${cell} whitespace-nowrap text-right font-mono tabular-nums`}>{formatUsd(payment.amount)}</td>
                  <td className={cell}>
                    <PaymentOutcome payment={payment} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <EmptyState icon={<Receipt />}>No payments yet. Payments customers make at checkout appear here.</EmptyState>
      )}
    </section>
  );
}
