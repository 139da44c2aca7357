import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { CheckoutRequest, PaymentIntentResponse } from "@common/payments";
import { readServerMessage } from "@/lib/api";
import { QUOTES_QUERY_KEY } from "@/lib/quotes";
import { PAYMENTS_QUERY_KEY } from "@/lib/payments";

export const CHECKOUT_UNAVAILABLE = "We could not set up the payment. Please try again later.";

/** A refusal from the server (bad amount, unpayable quote, payments not configured), in its own words. */
export class CheckoutRefusedError extends Error {
  override name = "CheckoutRefusedError";
}

/** What the browser asks for: a one-off payment, or the first month of a subscription. */
function requestOf({ service, amount, quoteId, subscribeServiceId }: CheckoutRequest): { url: string; body: object } {
  if (subscribeServiceId !== undefined) return { url: "/api/subscriptions", body: { serviceId: subscribeServiceId } };
  return { url: "/api/create-payment-intent", body: quoteId === undefined ? { service, amount } : { service, amount, quoteId } };
}

/**
 * POST /api/create-payment-intent, or POST /api/subscriptions with subscribe=: the client secret
 * and the amount the server decided to charge.
 */
export async function createPaymentIntent(checkout: CheckoutRequest): Promise<PaymentIntentResponse> {
  const { url, body } = requestOf(checkout);
  let res: Response;
  try {
    res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), credentials: "include" });
  } catch {
    throw new CheckoutRefusedError(CHECKOUT_UNAVAILABLE);
  }
  if (!res.ok) throw new CheckoutRefusedError((await readServerMessage(res)) ?? CHECKOUT_UNAVAILABLE);
  return (await res.json()) as PaymentIntentResponse;
}

const intentKey = (checkout: CheckoutRequest) => ["checkout-intent", checkout] as const;

/**
 * One request per visit: a query (never stale, never retried) rather than an effect, so React's
 * double-run effects in development cannot ask twice. gcTime 0 forgets it once the page is left,
 * so coming back asks again: the server hands back the attempt still open for the same thing, or
 * refuses one already paid, instead of the browser reusing a settled one.
 */
export function usePaymentIntent(checkout: CheckoutRequest) {
  return useQuery({
    queryKey: intentKey(checkout),
    queryFn: () => createPaymentIntent(checkout),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

// The dashboard's lists a payment changes (history, a quote's paid flag, a subscription); their keys are their URLs.
const CHANGED_BY_PAYMENT = [PAYMENTS_QUERY_KEY, QUOTES_QUERY_KEY, ["/api/subscriptions"]] as const;

/** After a payment succeeded: the lists that show it are out of date. */
export function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return () => Promise.all(CHANGED_BY_PAYMENT.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
