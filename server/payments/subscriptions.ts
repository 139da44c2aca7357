import { and, asc, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { LIVE_SUBSCRIPTION_STATUSES, paymentMessages } from "@common/checkout";
import { hashToken } from "../auth/tokens";
import type { Database } from "../db/client";
import { payments, services, subscriptions, type User } from "../db/schema";
import { DomainError } from "../domain-errors";
import { providerCustomerOf } from "./customer";
import { rollDemoSubscriptions } from "./ledger";
import type { PaymentProvider } from "./provider";

/** What a subscription looks like to its subscriber. */
const subscriptionColumns = {
  id: subscriptions.id,
  serviceId: subscriptions.serviceId,
  serviceName: services.name,
  status: subscriptions.status,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
  provider: subscriptions.provider,
};

/** The subscription as its owner sees it; another customer's is "not found". */
async function ownSubscription(db: Database, userId: number, id: number) {
  const [row] = await db
    .select({ ...subscriptionColumns, providerSubscriptionId: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .innerJoin(services, eq(services.id, subscriptions.serviceId))
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  if (!row) throw new DomainError("not-found", "Subscription not found");
  const { providerSubscriptionId, ...view } = row;
  return { view, providerSubscriptionId };
}

/** The customer's subscriptions, oldest first; one never paid for is checkout's business, not the list's. */
export async function listSubscriptions(db: Database, provider: PaymentProvider | null, userId: number) {
  if (provider?.kind === "demo") await rollDemoSubscriptions(db, userId);
  return db
    .select(subscriptionColumns)
    .from(subscriptions)
    .innerJoin(services, eq(services.id, subscriptions.serviceId))
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES, "canceled", "unpaid", "paused"])))
    .orderBy(asc(subscriptions.id));
}

/**
 * Starts a monthly subscription of the customer to a catalogue service at its catalogue price. It
 * stays incomplete until the first payment succeeds; an earlier unpaid attempt at the same service
 * is dropped first, so it can never be charged later.
 */
export async function startSubscription(db: Database, activeProvider: PaymentProvider, user: User, serviceId: number, log: FastifyBaseLogger) {
  const [service] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.active, true)));
  if (!service) throw new DomainError("not-found", paymentMessages.serviceUnavailable);

  const existing = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, user.id),
        eq(subscriptions.serviceId, service.id),
        inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES, "incomplete"]),
      ),
    );
  if (existing.some((subscription) => LIVE_SUBSCRIPTION_STATUSES.includes(subscription.status)))
    throw new DomainError("conflict", paymentMessages.alreadySubscribed);
  // Starting over: the unpaid attempt is dropped so it can never be charged later.
  for (const abandoned of existing) {
    if (abandoned.providerSubscriptionId && abandoned.provider === activeProvider.kind) {
      await activeProvider.abandonSubscription(abandoned.providerSubscriptionId).catch((error: unknown) => {
        log.warn({ err: error, subscriptionId: abandoned.id }, "could not cancel an abandoned subscription at the provider");
      });
    }
    await db.update(subscriptions).set({ status: "incomplete_expired" }).where(eq(subscriptions.id, abandoned.id));
    await db
      .update(payments)
      .set({ status: "canceled" })
      .where(and(eq(payments.subscriptionId, abandoned.id), inArray(payments.status, ["pending", "failed"])));
  }

  const customerId = await providerCustomerOf(db, activeProvider, user);
  const started = await activeProvider.createSubscription({
    customerId,
    service,
    metadata: { userId: String(user.id), serviceId: String(service.id) },
  });
  const { subscriptionId, paymentId } = await db.transaction(async (tx) => {
    const [subscription] = await tx
      .insert(subscriptions)
      .values({
        userId: user.id,
        serviceId: service.id,
        status: started.status,
        currentPeriodEnd: started.currentPeriodEnd,
        cancelAtPeriodEnd: started.cancelAtPeriodEnd,
        provider: activeProvider.kind,
        providerSubscriptionId: started.providerSubscriptionId,
      })
      .returning({ id: subscriptions.id });
    const [payment] = await tx
      .insert(payments)
      .values({
        userId: user.id,
        description: service.name,
        serviceId: service.id,
        subscriptionId: subscription!.id,
        amount: service.price,
        provider: activeProvider.kind,
        providerPaymentId: started.providerPaymentId,
        clientSecretHash: hashToken(started.clientSecret),
      })
      .returning({ id: payments.id });
    return { subscriptionId: subscription!.id, paymentId: payment!.id };
  });
  return { started, service, subscriptionId, paymentId };
}

/** Cancels the subscriber's live subscription at the end of its period, or resumes it; answers it as it now stands. */
export async function setCancelAtPeriodEnd(db: Database, activeProvider: PaymentProvider, userId: number, id: number, cancelAtPeriodEnd: boolean) {
  const { view, providerSubscriptionId } = await ownSubscription(db, userId, id);
  if (!LIVE_SUBSCRIPTION_STATUSES.includes(view.status) || !providerSubscriptionId)
    throw new DomainError("conflict", "Only an active subscription can be cancelled or resumed");
  if (view.provider !== activeProvider.kind) throw new DomainError("conflict", "This subscription was made with another payment provider");
  const state = await activeProvider.setCancelAtPeriodEnd(providerSubscriptionId, cancelAtPeriodEnd);
  await db
    .update(subscriptions)
    .set(state ?? { cancelAtPeriodEnd })
    .where(eq(subscriptions.id, view.id));
  return (await ownSubscription(db, userId, view.id)).view;
}
