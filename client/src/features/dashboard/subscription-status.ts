import { LIVE_SUBSCRIPTION_STATUSES } from "@common/checkout";
import type { Subscription } from "@common/contract/subscriptions";
import { formatDate } from "@/lib/format";

export const isLiveSubscription = (subscription: Pick<Subscription, "status">): boolean => LIVE_SUBSCRIPTION_STATUSES.includes(subscription.status);

export interface SubscriptionPeriodView {
  /** "Renews …", "Ends …" or "Ended …"; null while the period end is unknown. */
  period: string | null;
  /** Shown beside the status when the customer has cancelled at the end of the period. */
  cancelsAtPeriodEnd: boolean;
  /** Only a subscription that has not ended can be managed. */
  manageable: boolean;
}

/** How a subscription's period reads on its card and in the manage dialog. */
export function subscriptionPeriodView(subscription: Pick<Subscription, "status" | "currentPeriodEnd" | "cancelAtPeriodEnd">): SubscriptionPeriodView {
  const ended = subscription.status === "canceled";
  const cancelsAtPeriodEnd = !ended && subscription.cancelAtPeriodEnd;
  const verb = ended ? "Ended" : cancelsAtPeriodEnd ? "Ends" : "Renews";
  return {
    period: subscription.currentPeriodEnd ? `${verb} ${formatDate(subscription.currentPeriodEnd)}` : null,
    cancelsAtPeriodEnd,
    manageable: !ended,
  };
}
