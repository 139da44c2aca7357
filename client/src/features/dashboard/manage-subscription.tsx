import type { Subscription } from "@common/contract/subscriptions";
import { dialogOnDemand } from "@/components/ui/dialog-on-demand";
import { useOpenBillingPortal } from "./api/open-billing-portal";
import { ManageButton } from "./subscription-parts";

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
