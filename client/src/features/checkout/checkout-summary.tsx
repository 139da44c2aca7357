import type { PaymentIntent } from "@common/contract/payments";
import type { CheckoutRequest } from "@common/checkout";
import { formatDollars } from "./format-dollars";
import { SummaryList } from "@/components/ui/detail-list";

/** What an amount the server holds stands for: a deposit or an invoice's balance, as it stands now. */
function noteOf(checkout: CheckoutRequest): string | null {
  if (checkout.estimateId !== undefined) return "The deposit due on your accepted estimate. The rest is invoiced once the job is delivered.";
  if (checkout.invoiceId !== undefined) return "What is left to pay on this invoice, after the payments already made.";
  return null;
}

/** What is being paid for, as the server decided it (its service name and amount, not the address's). */
export function CheckoutSummary({ checkout, intent }: { checkout: CheckoutRequest; intent: PaymentIntent }) {
  const monthly = checkout.subscribeServiceId !== undefined;
  const note = noteOf(checkout);
  return (
    <div className="space-y-3">
      <SummaryList
        details={[
          { term: "Service", value: intent.service },
          { term: monthly ? "Per month" : "Amount", value: formatDollars(intent.amount), valueClassName: "font-mono text-lg text-primary" },
        ]}
      />
      {monthly ? (
        <p className="text-sm text-muted-foreground">
          Your subscription renews monthly at this price. You can cancel from your dashboard at any time; it then ends at the close of the period.
        </p>
      ) : null}
      {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
    </div>
  );
}
