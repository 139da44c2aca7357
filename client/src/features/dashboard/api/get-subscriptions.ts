import { useQuery } from "@tanstack/react-query";
import { type ListResponse, selectData } from "@/lib/list-response";

/** One row of GET /api/subscriptions: the signed-in customer's subscriptions. */
export interface SubscriptionRow {
  id: number;
  serviceId: number;
  serviceName: string;
  status: string;
  /** ISO date the current period ends (and renews), if known. */
  currentPeriodEnd: string | null;
}

export const SUBSCRIPTIONS_QUERY_KEY = ["/api/subscriptions"] as const;

export function useSubscriptions() {
  return useQuery<ListResponse<SubscriptionRow>, Error, SubscriptionRow[]>({ queryKey: SUBSCRIPTIONS_QUERY_KEY, select: selectData });
}
