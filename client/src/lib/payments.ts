import { useQuery } from "@tanstack/react-query";
import type { PaymentProviderKind, PaymentStatus } from "@common/payments";
import { type ListResponse, selectData } from "@/lib/list-response";

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

// Tints only in the dark theme: on the light one they pull amber and green text below 4.5:1.
const views: Record<PaymentStatus, PaymentStatusView> = {
  succeeded: { label: "Succeeded", className: "border-success/60 bg-transparent text-success dark:bg-success/10" },
  failed: { label: "Failed", className: "border-destructive/60 bg-transparent text-destructive dark:bg-destructive/10" },
  pending: { label: "Pending", className: "border-accent/60 bg-transparent text-accent dark:bg-accent/10" },
  processing: { label: "Processing", className: "border-primary/60 bg-primary/10 text-primary" },
  canceled: { label: "Cancelled", className: "border-muted-foreground/60 bg-transparent text-muted-foreground" },
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
