import type { Subscription } from "@common/contract/subscriptions";
import { subscriptionKeys } from "@/api/payments";
import { useListQuery } from "@/lib/list-query";

/** GET /api/subscriptions: the signed-in customer's subscriptions. */
export function useSubscriptions() {
  return useListQuery<Subscription>(subscriptionKeys.all);
}
