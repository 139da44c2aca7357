import { useQuery } from "@tanstack/react-query";
import type { PaymentProviderKind } from "@common/payments";
import { type ListResponse, selectData } from "@/lib/list-response";

/** One row of GET /api/subscriptions: the signed-in customer's subscriptions. */
export interface SubscriptionRow {
  id: number;
  serviceId: number;
  serviceName: string;
  status: string;
  /** ISO date the current period ends (and renews), if known. */
  currentPeriodEnd: string | null;
  /** Cancelled by the customer: it ends, rather than renews, at currentPeriodEnd. */
  cancelAtPeriodEnd: boolean;
  /** Who manages it: Stripe's Customer Portal, or the demo provider's dialog. */
  provider: PaymentProviderKind;
}

export const SUBSCRIPTIONS_QUERY_KEY = ["/api/subscriptions"] as const;

export function useSubscriptions() {
  return useQuery<ListResponse<SubscriptionRow>, Error, SubscriptionRow[]>({ queryKey: SUBSCRIPTIONS_QUERY_KEY, select: selectData });
}
