import { useState } from "react";
import { useLocation } from "wouter";
import type { PaymentIntent } from "@common/contract/payments";
import type { CheckoutRequest } from "@common/checkout";
import { toast } from "@/lib/use-toast";
import { estimatePath } from "@/api/estimates";
import { SHOW_MY_QUOTES_STATE, SHOW_PAYMENTS_STATE } from "@/lib/show-my-quotes";
import { useRefreshAfterPayment } from "./api/create-payment-intent";
import { formatDollars } from "./format-dollars";

/**
 * docs/product.md §4 sends a paid custom payment home; a quote or subscription is followed up in the
 * dashboard, a deposit on its estimate's page, an invoice in the Payments tab beside its receipt.
 */
function destinationOf(checkout: CheckoutRequest): { path: string; state?: object } {
  if (checkout.estimateId !== undefined) return { path: estimatePath(checkout.estimateId) };
  if (checkout.invoiceId !== undefined) return { path: "/dashboard", state: SHOW_PAYMENTS_STATE };
  if (checkout.quoteId !== undefined) return { path: "/dashboard", state: SHOW_MY_QUOTES_STATE };
  if (checkout.subscribeServiceId !== undefined) return { path: "/dashboard" };
  return { path: "/" };
}

/** What either card form reports back: the toast, the inline failure, and where to go after paying. */
export function usePaymentOutcome(checkout: CheckoutRequest, intent: PaymentIntent) {
  const [failure, setFailure] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const refreshAfterPayment = useRefreshAfterPayment();

  const succeeded = () => {
    setFailure(null);
    const what =
      checkout.subscribeServiceId === undefined
        ? `Your payment of ${formatDollars(intent.amount)} for ${intent.service} was received.`
        : `Your subscription to ${intent.service} is active.`;
    toast({ title: "Payment Successful", description: what, variant: "success" });
    void refreshAfterPayment();
    const { path, state } = destinationOf(checkout);
    navigate(path, state ? { state } : undefined);
  };

  // docs/product.md §8: the toast carries the provider's own message; it also stays on the form, since a toast goes away.
  const failed = (message: string) => {
    setFailure(message);
    toast({ title: "Payment Failed", description: message, variant: "destructive" });
  };

  return { failure, succeeded, failed, clearFailure: () => setFailure(null) };
}

export type PaymentOutcome = ReturnType<typeof usePaymentOutcome>;
