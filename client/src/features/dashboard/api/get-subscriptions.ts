import type { Subscription } from "@common/contract/subscriptions";
import { useListQuery } from "@/lib/list-query";

export const SUBSCRIPTIONS_QUERY_KEY = ["/api/subscriptions"] as const;

/** GET /api/subscriptions: the signed-in customer's subscriptions. */
export function useSubscriptions() {
  return useListQuery<Subscription>(SUBSCRIPTIONS_QUERY_KEY);
}
