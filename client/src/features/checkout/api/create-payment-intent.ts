import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { PaymentIntent } from "@common/contract/payments";
import type { CheckoutRequest } from "@common/checkout";
import { estimateKeys } from "@/api/estimates";
import { invoiceKeys } from "@/api/invoices";
import { jobKeys } from "@/api/jobs";
import { checkoutKeys, paymentKeys, subscriptionKeys } from "@/api/payments";
import { quoteKeys } from "@/api/quotes";
import { apiRequest } from "@/lib/api";

export const CHECKOUT_UNAVAILABLE = "We could not set up the payment. Please try again later.";

/**
 * What the browser asks for: the first month of a subscription, an accepted estimate's deposit, an
 * invoice's balance, a quote's price, or a one-off amount. For a stored thing the server charges its
 * own figure, so the address's amount is not sent.
 */
function requestOf({ service, amount, quoteId, estimateId, invoiceId, subscribeServiceId }: CheckoutRequest): { url: string; body: object } {
  if (subscribeServiceId !== undefined) return { url: "/api/subscriptions", body: { serviceId: subscribeServiceId } };
  if (estimateId !== undefined) return { url: "/api/create-payment-intent", body: { service, estimateId } };
  if (invoiceId !== undefined) return { url: "/api/create-payment-intent", body: { service, invoiceId } };
  return { url: "/api/create-payment-intent", body: quoteId === undefined ? { service, amount } : { service, amount, quoteId } };
}

/**
 * POST /api/create-payment-intent, or POST /api/subscriptions with subscribe=: the client secret
 * and the amount the server decided to charge. A refusal (bad amount, unpayable quote, payments
 * not configured) throws an ApiError in the server's words.
 */
function createPaymentIntent(checkout: CheckoutRequest): Promise<PaymentIntent> {
  const { url, body } = requestOf(checkout);
  return apiRequest("POST", url, body, { fallback: CHECKOUT_UNAVAILABLE });
}

/**
 * One request per visit: a query (never stale, never retried) rather than an effect, so React's
 * double-run effects in development cannot ask twice. gcTime 0 forgets it once the page is left,
 * so coming back asks again: the server hands back the attempt still open for the same thing, or
 * refuses one already paid, instead of the browser reusing a settled one.
 */
export function usePaymentIntent(checkout: CheckoutRequest) {
  return useQuery({
    queryKey: checkoutKeys.intent(checkout),
    queryFn: () => createPaymentIntent(checkout),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

// What a payment changes (history, a quote's paid flag, a subscription, a deposit paid, an invoice's balance, the job pages listing them).
const CHANGED_BY_PAYMENT = [paymentKeys.all, quoteKeys.all, subscriptionKeys.all, estimateKeys.all, invoiceKeys.all, jobKeys.all] as const;

/** After a payment succeeded: the lists that show it are out of date. */
export function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return () => Promise.all(CHANGED_BY_PAYMENT.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
