// What /checkout pays for (its query), and how payments speak to people. Plain data, without zod,
// so the dashboard's Pay buttons and subscription list do not load the validation library.

/** /checkout without query parameters (docs/product.md §2, §9): amount in US dollars. */
const CHECKOUT_DEFAULTS = { service: "Custom Service", amount: 500 } as const;

export const paymentMessages = {
  amount: "Amount must be a whole number of dollars from 1 to 100,000",
  service: "Service must be between 1 and 100 characters",
  notConfigured: "Payments are not configured",
  demoNotice: "Demo mode — no card is charged",
  quoteNotPayable: "This quote has no accepted price to pay",
  quotePaid: "This quote has already been paid",
  alreadySubscribed: "You are already subscribed to this service",
  serviceUnavailable: "This service is not available",
  paymentDone: "This payment has already been completed",
  paymentCanceled: "This payment was cancelled; start again from checkout",
  paymentNotFound: "Payment not found",
  quoteProcessing: "A payment for this quote is being processed; check your dashboard before paying again",
  estimateNotAccepted: "Accept the estimate before paying its deposit",
  noDeposit: "This estimate asks for no deposit",
  depositPaid: "This deposit has already been paid",
  invoiceNotPayable: "This invoice has nothing left to pay",
  processing: "A payment for this is being processed; check your dashboard before paying again",
  tooManyAttempts: "Too many payments started in the last hour. Please try again later.",
} as const;

/** Subscription statuses (Stripe's names) in which the customer has the service: Subscribe stays disabled. */
export const LIVE_SUBSCRIPTION_STATUSES: readonly string[] = ["active", "trialing", "past_due"];

/** The query of /checkout: what to pay for. Only `service` and `amount` come from docs/product.md §2. */
export interface CheckoutRequest {
  service: string;
  /** As typed in the address; the server validates it (400 when it is not whole dollars). */
  amount: number;
  quoteId?: number;
  /** An accepted estimate whose deposit to pay (estimate=). */
  estimateId?: number;
  /** An invoice whose balance to pay (invoice=). */
  invoiceId?: number;
  /** A catalogue service to subscribe to monthly. */
  subscribeServiceId?: number;
}

const positiveIdOf = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

export function parseCheckoutQuery(search: string): CheckoutRequest {
  const params = new URLSearchParams(search);
  const amount = params.get("amount");
  return {
    service: params.get("service")?.trim() || CHECKOUT_DEFAULTS.service,
    amount: amount === null || amount.trim() === "" ? CHECKOUT_DEFAULTS.amount : Number(amount),
    quoteId: positiveIdOf(params.get("quote")),
    estimateId: positiveIdOf(params.get("estimate")),
    invoiceId: positiveIdOf(params.get("invoice")),
    subscribeServiceId: positiveIdOf(params.get("subscribe")),
  };
}

export function checkoutHref({ service, amount, quoteId, estimateId, invoiceId, subscribeServiceId }: CheckoutRequest): string {
  const params = new URLSearchParams({ service, amount: String(amount) });
  if (quoteId !== undefined) params.set("quote", String(quoteId));
  if (estimateId !== undefined) params.set("estimate", String(estimateId));
  if (invoiceId !== undefined) params.set("invoice", String(invoiceId));
  if (subscribeServiceId !== undefined) params.set("subscribe", String(subscribeServiceId));
  return `/checkout?${params}`;
}
