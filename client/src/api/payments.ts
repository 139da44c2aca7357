import type { CheckoutRequest } from "@common/checkout";
import type { Payment } from "@common/contract/payments";
import type { PaymentStatus } from "@common/payments";
import { useListQuery } from "@/lib/list-query";
import { STATUS_TONES } from "@/lib/status-tones";

export interface PaymentStatusView {
  label: string;
  className: string;
}

const views: Record<PaymentStatus, PaymentStatusView> = {
  succeeded: { label: "Succeeded", className: STATUS_TONES.good },
  failed: { label: "Failed", className: STATUS_TONES.bad },
  pending: { label: "Pending", className: STATUS_TONES.waiting },
  processing: { label: "Processing", className: STATUS_TONES.info },
  canceled: { label: "Cancelled", className: STATUS_TONES.quiet },
};

/** How a payment's status reads in the customer's history and the back office; anything unknown reads as pending. */
export function paymentStatusView(status: string): PaymentStatusView {
  const byName: Partial<Record<string, PaymentStatusView>> = views;
  return byName[status] ?? views.pending;
}

// Shared by the dashboard's history and the checkout's outcome screens: one cache entry.
export const paymentKeys = { all: ["/api/payments"] as const };

/** Any customer's payments, for the back office: a refund or a payment recorded by hand reloads them. */
export const adminPaymentKeys = { all: ["/api/admin/payments"] as const };

/** The customer's subscriptions: a cancellation, a resumption or a payment reloads them. */
export const subscriptionKeys = { all: ["/api/subscriptions"] as const };

/**
 * The checkout's own queries, not URLs: the payment it starts (a POST asked once per visit) and
 * Stripe.js loaded for the publishable key the server named.
 */
export const checkoutKeys = {
  intent: (checkout: CheckoutRequest) => ["checkout-intent", checkout] as const,
  stripe: (publishableKey: string) => ["stripe-js", publishableKey] as const,
};

/** GET /api/payments: the signed-in customer's payments, newest first. */
export function usePayments() {
  return useListQuery<Payment>(paymentKeys.all);
}
