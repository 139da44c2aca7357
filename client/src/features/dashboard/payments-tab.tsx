import { Receipt } from "lucide-react";
import { PaymentOutcome } from "@/components/ui/payment-status";
import { EmptyState, LoadingState, PanelHeader } from "@/components/ui/panel-states";
import { formatDateTime, formatUsd } from "@/lib/format";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { usePayments } from "@/lib/payments";

const head = "hud-label px-3 py-3 text-left font-semibold text-muted-foreground sm:px-4";
const cell = "px-3 py-3 align-top sm:px-4";
// A phone has no room for a date column: the date moves under the description, so the table needs no sideways scrolling.
const wideOnly = "max-sm:hidden";

/** Payments tab: every payment the customer started, newest first, with what became of it. */
export function PaymentsTab() {
  const payments = usePayments();
  useLoadErrorToast(payments, "Failed to load your payments");

  return (
    <section aria-labelledby="payments-heading">
      <PanelHeader id="payments-heading" title="Payment history" />
      {payments.isPending ? (
        <LoadingState label="Loading your payments…" />
      ) : payments.data?.length ? (
        <div className="overflow-hidden rounded-lg border bg-card/80">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Your payments, newest first</caption>
            <thead className="border-b bg-muted/40">
              <tr>
                <th scope="col" className={`${head} ${wideOnly}`}>
                  Date
                </th>
                <th scope="col" className={head}>
                  Description
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
                  <td className={`${cell} ${wideOnly} whitespace-nowrap text-muted-foreground`}>
                    <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time>
                  </td>
                  <th scope="row" className={`${cell} text-left font-semibold break-words`}>
                    {payment.description}
                    <time dateTime={payment.createdAt} className="mt-1 block font-normal text-muted-foreground sm:hidden">
                      {formatDateTime(payment.createdAt)}
                    </time>
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
        <EmptyState icon={<Receipt />}>No payments yet. Payments for subscriptions, quotes and services appear here.</EmptyState>
      )}
    </section>
  );
}
