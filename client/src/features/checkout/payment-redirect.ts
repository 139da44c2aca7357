import { checkoutHref } from "@common/checkout";
import type { Payment } from "@common/contract/payments";

/** What Stripe appends to the return URL after confirming (docs.stripe.com/payments/accept-a-payment). */
export interface PaymentRedirect {
  /** The PaymentIntent's id: our payment's `reference`. */
  reference: string;
  redirectStatus: string | null;
}

/** The redirect's parameters, or null when the address names no payment. */
export function parsePaymentRedirect(search: string): PaymentRedirect | null {
  const params = new URLSearchParams(search);
  const reference = params.get("payment_intent")?.trim();
  return reference ? { reference, redirectStatus: params.get("redirect_status") } : null;
}

export const PAYMENT_FAILED_GENERIC = "Your payment could not be completed. Please try again.";

export type PaymentOutcomeView = { kind: "succeeded" } | { kind: "processing" } | { kind: "failed"; message: string };

/**
 * Our record wins: it is what Stripe's webhooks (or the demo) settled. Until the record is known,
 * the redirect's own status is the best word we have.
 */
export function outcomeOf(redirect: PaymentRedirect, payment: Payment | undefined): PaymentOutcomeView {
  if (payment) {
    if (payment.status === "succeeded") return { kind: "succeeded" };
    if (payment.status === "failed" || payment.status === "canceled") return { kind: "failed", message: payment.failureMessage ?? PAYMENT_FAILED_GENERIC };
    return { kind: "processing" };
  }
  if (redirect.redirectStatus === "succeeded") return { kind: "succeeded" };
  if (redirect.redirectStatus === "processing" || redirect.redirectStatus === null) return { kind: "processing" };
  return { kind: "failed", message: PAYMENT_FAILED_GENERIC };
}

/** The checkout that starts the same payment again: the same quote, subscription, deposit or invoice. */
export function retryHrefOf(payment: Payment): string {
  // The server charges a quote or catalogue service its own price; the amount only has to be valid whole dollars.
  const amount = Math.max(1, Math.round(payment.amount / 100));
  if (payment.subscriptionId !== null && payment.serviceId !== null) {
    return checkoutHref({ service: payment.description, amount, subscribeServiceId: payment.serviceId });
  }
  return checkoutHref({
    service: payment.description,
    amount,
    quoteId: payment.quoteId ?? undefined,
    estimateId: payment.estimateId ?? undefined,
    invoiceId: payment.invoiceId ?? undefined,
  });
}
