import { Settings } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { paymentMessages } from "@common/payments";
import type { Subscription } from "@common/contract/subscriptions";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { Dialog, DialogActions, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { useOpenBillingPortal } from "./api/open-billing-portal";
import { useUpdateSubscription } from "./api/update-subscription";
import { isLiveSubscription, subscriptionPeriodView } from "./subscription-status";
import { STATUS_TONES } from "@/lib/status-tones";
import { DetailList } from "@/components/ui/detail-list";

function ManageButton({ serviceName, ...props }: { serviceName: string } & ComponentProps<typeof Button>) {
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

/** The demo provider has no portal: a dialog cancels at the end of the period or resumes. */
function DemoManage({ subscription }: { subscription: Subscription }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateSubscription();
  const { period } = subscriptionPeriodView(subscription);
  // The one change on offer: cancel a renewing subscription, or resume a cancelled one.
  const cancelAtPeriodEnd = !subscription.cancelAtPeriodEnd;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <ManageButton serviceName={subscription.serviceName} />
      </DialogTrigger>
      <DialogContent>
        <DialogHeading eyebrow="// Subscription" title={`Manage ${subscription.serviceName}`} description={paymentMessages.demoNotice} />
        <DetailList
          details={[
            { term: "Status", value: <SubscriptionStatus subscription={subscription} />, valueClassName: "flex flex-wrap items-center gap-2" },
            ...(period ? [{ term: "Current period", value: period }] : []),
          ]}
        />
        <DialogActions closeLabel="Close">
          {isLiveSubscription(subscription) ? (
            <Button
              type="button"
              variant={cancelAtPeriodEnd ? "destructive" : "default"}
              disabled={update.isPending}
              onClick={() => update.mutate({ id: subscription.id, cancelAtPeriodEnd }, { onSuccess: () => setOpen(false) })}
            >
              {cancelAtPeriodEnd ? "Cancel at period end" : "Resume subscription"}
            </Button>
          ) : null}
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}

/** Manage, as the subscription's provider does it. */
export function ManageSubscription({ subscription }: { subscription: Subscription }) {
  return subscription.provider === "stripe" ? <StripeManage subscription={subscription} /> : <DemoManage subscription={subscription} />;
}
