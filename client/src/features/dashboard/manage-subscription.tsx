import { Settings } from "lucide-react";
import type { ComponentProps } from "react";
import type { Subscription } from "@common/contract/subscriptions";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import { useOpenBillingPortal } from "./api/open-billing-portal";
import { subscriptionPeriodView } from "./subscription-status";
import { STATUS_TONES } from "@/lib/status-tones";

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
      {subscriptionPeriodView(subscription).cancelsAtPeriodEnd ? (
        <Badge className={STATUS_TONES.waiting}>Cancels at period end</Badge>
      ) : null}
    </>
  );
}

/** Stripe keeps the cards and the cancellation: Manage opens its Customer Portal. */
function StripeManage({ subscription }: { subscription: Subscription }) {
  const portal = useOpenBillingPortal();
  // Stays disabled after success, while the browser leaves for the portal.
  return <ManageButton serviceName={subscription.serviceName} disabled={portal.isPending || portal.isSuccess} onClick={() => portal.mutate()} />;
}

/** The demo provider has no portal: a dialog (demo-manage-dialog.tsx, loaded when Manage is first pressed) cancels or resumes. */
const DemoManage = dialogOnDemand<{ subscription: Subscription }>(
  () => import("./demo-manage-dialog").then((module) => module.DemoManage),
  ({ subscription }) => <ManageButton serviceName={subscription.serviceName} />,
);

/** Manage, as the subscription's provider does it. */
export function ManageSubscription({ subscription }: { subscription: Subscription }) {
  return subscription.provider === "stripe" ? <StripeManage subscription={subscription} /> : <DemoManage subscription={subscription} />;
}
