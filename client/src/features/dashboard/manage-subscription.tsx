import { Settings } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { paymentMessages } from "@common/payments";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { useOpenBillingPortal } from "./api/open-billing-portal";
import type { SubscriptionRow } from "./api/get-subscriptions";
import { useUpdateSubscription } from "./api/update-subscription";
import { isLiveSubscription, subscriptionPeriodView } from "./subscription-status";
import { STATUS_TONES } from "@/lib/status-tones";

function ManageButton({ serviceName, ...props }: { serviceName: string } & ComponentProps<typeof Button>) {
  return (
    <Button type="button" variant="outline" size="sm" aria-label={`Manage ${serviceName}`} {...props}>
      <Settings aria-hidden />
      Manage
    </Button>
  );
}

/** The status as given (SPEC §4), and whether the customer has cancelled at the end of the period. */
export function SubscriptionStatus({ subscription }: { subscription: SubscriptionRow }) {
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
function StripeManage({ subscription }: { subscription: SubscriptionRow }) {
  const portal = useOpenBillingPortal();
  // Stays disabled after success, while the browser leaves for the portal.
  return <ManageButton serviceName={subscription.serviceName} disabled={portal.isPending || portal.isSuccess} onClick={() => portal.mutate()} />;
}

/** The demo provider has no portal: a dialog cancels at the end of the period or resumes. */
function DemoManage({ subscription }: { subscription: SubscriptionRow }) {
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
        <DialogHeader>
          <p className="hud-label text-primary">{"// Subscription"}</p>
          <DialogTitle>Manage {subscription.serviceName}</DialogTitle>
          <DialogDescription>{paymentMessages.demoNotice}</DialogDescription>
        </DialogHeader>
        <dl className="flex flex-wrap gap-x-8 gap-y-3 text-sm">
          <div>
            <dt className="hud-label text-muted-foreground">Status</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2">
              <SubscriptionStatus subscription={subscription} />
            </dd>
          </div>
          {period ? (
            <div>
              <dt className="hud-label text-muted-foreground">Current period</dt>
              <dd className="mt-1">{period}</dd>
            </div>
          ) : null}
        </dl>
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button type="button" variant="ghost">
              Close
            </Button>
          </DialogClose>
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
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Manage, as the subscription's provider does it. */
export function ManageSubscription({ subscription }: { subscription: SubscriptionRow }) {
  return subscription.provider === "stripe" ? <StripeManage subscription={subscription} /> : <DemoManage subscription={subscription} />;
}
