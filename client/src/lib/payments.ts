import { useQuery } from "@tanstack/react-query";
import type { PaymentProviderKind, PaymentStatus } from "@common/payments";
import { type ListResponse, selectData } from "@/lib/list-response";
import { STATUS_TONES } from "@/lib/status-tones";

/** One payment as GET /api/payments lists it; the admins' list adds its customer. */
export interface PaymentRow {
  id: number;
  description: string;
  /** In cents. */
  amount: number;
  currency: string;
  status: PaymentStatus;
  /** The provider's decline message, for a failed payment. */
  failureMessage: string | null;
  serviceId: number | null;
  quoteId: number | null;
  subscriptionId: number | null;
  provider: PaymentProviderKind;
  /** The provider's id of the payment (pi_… or demo_pi_…). */
  reference: string;
  createdAt: string;
}

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
export const PAYMENTS_QUERY_KEY = ["/api/payments"] as const;

/** GET /api/payments: the signed-in customer's payments, newest first. */
export function usePayments() {
  return useQuery<ListResponse<PaymentRow>, Error, PaymentRow[]>({ queryKey: PAYMENTS_QUERY_KEY, select: selectData });
}
