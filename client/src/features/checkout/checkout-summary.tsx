import type { CheckoutRequest, PaymentIntentResponse } from "@common/payments";
import { formatDollars } from "./format-dollars";

/** What is being paid for, as the server decided it (its service name and amount, not the address's). */
export function CheckoutSummary({ checkout, intent }: { checkout: CheckoutRequest; intent: PaymentIntentResponse }) {
  const monthly = checkout.subscribeServiceId !== undefined;
  return (
    <dl className="divide-y rounded-md border bg-background/40 text-sm">
      <div className="flex items-baseline justify-between gap-4 px-4 py-3">
        <dt className="hud-label text-muted-foreground">Service</dt>
        <dd className="text-right font-semibold">{intent.service}</dd>
      </div>
      <div className="flex items-baseline justify-between gap-4 px-4 py-3">
        <dt className="hud-label text-muted-foreground">{monthly ? "Per month" : "Amount"}</dt>
        <dd className="text-right font-mono text-lg font-semibold text-primary">{formatDollars(intent.amount)}</dd>
      </div>
      {monthly ? (
        <p className="px-4 py-3 text-muted-foreground">
          Your subscription renews monthly at this price. You can cancel from your dashboard at any time; it then ends at the close of
          the period.
        </p>
      ) : null}
    </dl>
  );
}
