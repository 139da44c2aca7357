import { useState } from "react";
import { paymentMessages } from "@common/checkout";
import type { Subscription } from "@common/contract/subscriptions";
import { Button } from "@/components/ui/button";
import { DetailList } from "@/components/ui/detail-list";
import { Dialog, DialogActions, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import type { OpensAtOnce } from "@/components/ui/dialog-on-demand";
import { useUpdateSubscription } from "./api/update-subscription";
import { ManageButton, SubscriptionStatus } from "./subscription-parts";
import { isLiveSubscription, subscriptionPeriodView } from "./subscription-status";

/** The demo provider has no portal: a dialog cancels at the end of the period or resumes. */
export function DemoManage({ subscription, openAtOnce = false }: { subscription: Subscription } & OpensAtOnce) {
  const [open, setOpen] = useState(openAtOnce);
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
