// What a subscription's row and its Manage dialog share: the Manage button and the status badges.
import { Settings } from "lucide-react";
import type { ComponentProps } from "react";
import type { Subscription } from "@common/contract/subscriptions";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { STATUS_TONES } from "@/lib/status-tones";
import { subscriptionPeriodView } from "./subscription-status";

export function ManageButton({ serviceName, ...props }: { serviceName: string } & ComponentProps<typeof Button>) {
  return (
    <Button type="button" variant="outline" size="sm" aria-label={`Manage ${serviceName}`} {...props}>
      <Settings aria-hidden />
      Manage
    </Button>
  );
}

/** The status as given (docs/product.md §4), and whether the customer has cancelled at the end of the period. */
export function SubscriptionStatus({ subscription }: { subscription: Subscription }) {
  return (
    <>
      <Badge>{subscription.status}</Badge>
      {subscriptionPeriodView(subscription).cancelsAtPeriodEnd ? <Badge className={STATUS_TONES.waiting}>Cancels at period end</Badge> : null}
    </>
  );
}
