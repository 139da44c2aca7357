import { CreditCard } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation } from "wouter";
import { checkoutHref } from "@common/checkout";
import type { Service } from "@common/contract/services";
import type { Subscription } from "@common/contract/subscriptions";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useActiveServices } from "@/api/services";
import { useSubscriptions } from "./api/get-subscriptions";
import { formatMonthlyPrice } from "@/lib/format";
import { CardList, ListPanel } from "@/components/ui/list-panel";
import { EmptyState } from "@/components/ui/panel-states";
import { useLoadErrorToast } from "@/lib/use-load-error-toast";
import { ManageSubscription } from "./manage-subscription";
import { SubscriptionStatus } from "./subscription-parts";
import { isLiveSubscription, subscriptionPeriodView } from "./subscription-status";

function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const { period, manageable } = subscriptionPeriodView(subscription);
  return (
    <Card className="flex flex-wrap items-center justify-between gap-4">
      <div className="space-y-2">
        <h3 className="text-lg font-semibold">{subscription.serviceName}</h3>
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <SubscriptionStatus subscription={subscription} />
          {period ? <span>{period}</span> : null}
        </div>
      </div>
      {manageable ? <ManageSubscription subscription={subscription} /> : null}
    </Card>
  );
}

function ServiceCard({ service, subscribed }: { service: Service; subscribed: boolean }) {
  const [, navigate] = useLocation();
  return (
    <Card className="flex h-full flex-col">
      <h3 className="text-lg font-semibold">{service.name}</h3>
      <p className="mt-2 flex-1 text-sm text-muted-foreground">{service.description}</p>
      <p className="mt-4 font-mono text-xl font-semibold text-primary">{formatMonthlyPrice(service.price)}</p>
      <Button
        type="button"
        className="mt-4 w-full"
        variant={subscribed ? "outline" : "default"}
        disabled={subscribed}
        aria-label={subscribed ? `Subscribed to ${service.name}` : `Subscribe to ${service.name}`}
        // Payment comes first: checkout starts the subscription and brings the customer back here.
        onClick={() => navigate(checkoutHref({ service: service.name, amount: service.price / 100, subscribeServiceId: service.id }))}
      >
        {subscribed ? "Subscribed" : "Subscribe"}
      </Button>
    </Card>
  );
}

/** Subscriptions tab: the user's subscriptions, the services on offer, and the custom quote dialog. */
export function SubscriptionsTab({ requestQuote }: { requestQuote: ReactNode }) {
  const services = useActiveServices();
  const subscriptions = useSubscriptions();
  useLoadErrorToast(services, "Failed to load services");
  useLoadErrorToast(subscriptions, "Failed to load your subscriptions");

  const subscribedIds = new Set((subscriptions.data ?? []).filter(isLiveSubscription).map((sub) => sub.serviceId));

  return (
    <div className="space-y-12">
      <ListPanel
        id="subscriptions-heading"
        title="Your subscriptions"
        actions={requestQuote}
        query={subscriptions}
        loadingLabel="Loading your subscriptions…"
        empty={<EmptyState icon={<CreditCard />}>You have no subscriptions yet. Choose a service below or request a custom quote.</EmptyState>}
      >
        {(items) => <CardList items={items}>{(subscription) => <SubscriptionCard subscription={subscription} />}</CardList>}
      </ListPanel>
      <ListPanel
        id="services-heading"
        title="Available services"
        query={services}
        loadingLabel="Loading services…"
        empty={<EmptyState icon={<CreditCard />}>No services are available to subscribe to right now.</EmptyState>}
      >
        {(items) => (
          <CardList items={items} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {(service) => <ServiceCard service={service} subscribed={subscribedIds.has(service.id)} />}
          </CardList>
        )}
      </ListPanel>
    </div>
  );
}
