import { lazy, Suspense } from "react";
import type { PaymentIntent } from "@common/contract/payments";
import type { CheckoutRequest } from "@common/checkout";
import { LoadingState } from "@/components/ui/panel-states";
import { CheckoutSummary } from "./checkout-summary";
import { DemoCardForm } from "./demo-card-form";
import { formatDollars } from "./format-dollars";
import { usePaymentOutcome } from "./use-payment-outcome";

// Its own chunk, fetched only when the provider is Stripe (Stripe.js loads with it).
const StripeCardForm = lazy(() => import("./stripe-card-form"));

/** "Complete Your Payment" (docs/product.md §2): the summary and the provider's card form. */
export function CheckoutPayment({ checkout, intent }: { checkout: CheckoutRequest; intent: PaymentIntent }) {
  const outcome = usePaymentOutcome(checkout, intent);
  const formProps = { intent, payLabel: `Pay ${formatDollars(intent.amount)}`, outcome };
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-bold tracking-tight">Complete Your Payment</h2>
      <CheckoutSummary checkout={checkout} intent={intent} />
      {intent.provider === "stripe" ? (
        <Suspense fallback={<LoadingState label="Loading secure card form..." />}>
          <StripeCardForm {...formProps} />
        </Suspense>
      ) : (
        <DemoCardForm {...formProps} />
      )}
    </div>
  );
}
