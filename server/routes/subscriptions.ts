import { and, asc, eq, inArray } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { billingPortalSchema, subscriptionListSchema, subscriptionStartedSchema, subscriptionUpdatedSchema } from "@common/contract/subscriptions";
import { createSubscriptionSchema, updateSubscriptionSchema } from "@common/payments";
import { LIVE_SUBSCRIPTION_STATUSES, paymentMessages } from "@common/checkout";
import { hashToken } from "../auth/tokens";
import type { Database } from "../db/client";
import { payments, services, subscriptions } from "../db/schema";
import { providerCustomerOf } from "../payments/customer";
import { rollDemoSubscriptions } from "../payments/ledger";
import type { PaymentProvider } from "../payments/provider";
import { requireProvider } from "../payments/select-provider";
import { currentUser, requireUser } from "../auth/session-hook";
import { answers, success } from "../http/answers";
import { HttpError } from "../http/errors";
import type { Limiter } from "../http/rate-limit";
import { idParams } from "../http/id-params";



const subscriptionColumns = {
  id: subscriptions.id,
  serviceId: subscriptions.serviceId,
  serviceName: services.name,
  status: subscriptions.status,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
  provider: subscriptions.provider,
};

interface SubscriptionOptions {
  db: Database;
  provider: PaymentProvider | null;
  publicUrl: string;
  /** Counts a new payment attempt of the customer, against the budget one-off payments use too. */
  limitNewAttempts: Limiter;
}

export const subscriptionRoutes: FastifyPluginAsync<SubscriptionOptions> = async (base, { db, provider, publicUrl, limitNewAttempts }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** The subscription as its owner sees it; another customer's is "not found". */
  const ownSubscription = async (userId: number, id: number) => {
    const [row] = await db
      .select({ ...subscriptionColumns, providerSubscriptionId: subscriptions.providerSubscriptionId })
      .from(subscriptions)
      .innerJoin(services, eq(services.id, subscriptions.serviceId))
      .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
    if (!row) throw new HttpError(404, "Subscription not found");
    const { providerSubscriptionId, ...view } = row;
    return { view, providerSubscriptionId };
  };

  /** GET /api/subscriptions — a customer: their own subscriptions only. */
  app.get("/api/subscriptions", { preValidation: requireUser, schema: { response: answers({ 200: subscriptionListSchema }) } }, async (request) => {
    const userId = currentUser(request).id;
    if (provider?.kind === "demo") await rollDemoSubscriptions(db, userId);
    const rows = await db
      .select(subscriptionColumns)
      .from(subscriptions)
      .innerJoin(services, eq(services.id, subscriptions.serviceId))
      // A subscription never paid for is checkout's business, not the customer's list.
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES, "canceled", "unpaid", "paused"])))
      .orderBy(asc(subscriptions.id));
    return success(rows);
  });

  /**
   * POST /api/subscriptions { serviceId } — a customer: starts a monthly subscription to a
   * catalogue service at its catalogue price. It stays incomplete until the first payment
   * succeeds; the answer carries that payment's client secret for /checkout.
   */
  app.post(
    "/api/subscriptions",
    { preValidation: requireUser, preHandler: limitNewAttempts, schema: { body: createSubscriptionSchema, response: answers({ 200: subscriptionStartedSchema }) } },
    async (request) => {
      const activeProvider = requireProvider(provider);
      const user = currentUser(request);
      const [service] = await db
        .select()
        .from(services)
        .where(and(eq(services.id, request.body.serviceId), eq(services.active, true)));
      if (!service) throw new HttpError(404, paymentMessages.serviceUnavailable);

      const existing = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.serviceId, service.id), inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES, "incomplete"])));
      if (existing.some((subscription) => LIVE_SUBSCRIPTION_STATUSES.includes(subscription.status))) throw new HttpError(409, paymentMessages.alreadySubscribed);
      // Starting over: the unpaid attempt is dropped so it can never be charged later.
      for (const abandoned of existing) {
        if (abandoned.providerSubscriptionId && abandoned.provider === activeProvider.kind) {
          await activeProvider.abandonSubscription(abandoned.providerSubscriptionId).catch((error: unknown) => {
            request.log.warn({ err: error, subscriptionId: abandoned.id }, "could not cancel an abandoned subscription at the provider");
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
      return {
        clientSecret: started.clientSecret,
        paymentId,
        subscriptionId,
        provider: activeProvider.kind,
        publishableKey: activeProvider.publishableKey,
        service: service.name,
        amount: service.price / 100,
      };
    },
  );

  /** PATCH /api/subscriptions/:id { cancelAtPeriodEnd } — the subscriber: cancel at the end of the period, or resume. */
  app.patch("/api/subscriptions/:id", { preValidation: requireUser, schema: { params: idParams, body: updateSubscriptionSchema, response: answers({ 200: subscriptionUpdatedSchema }) } }, async (request) => {
    const activeProvider = requireProvider(provider);
    const userId = currentUser(request).id;
    const { view, providerSubscriptionId } = await ownSubscription(userId, request.params.id);
    if (!LIVE_SUBSCRIPTION_STATUSES.includes(view.status) || !providerSubscriptionId) throw new HttpError(409, "Only an active subscription can be cancelled or resumed");
    if (view.provider !== activeProvider.kind) throw new HttpError(409, "This subscription was made with another payment provider");
    const { cancelAtPeriodEnd } = request.body;
    const state = await activeProvider.setCancelAtPeriodEnd(providerSubscriptionId, cancelAtPeriodEnd);
    await db
      .update(subscriptions)
      .set(state ?? { cancelAtPeriodEnd })
      .where(eq(subscriptions.id, view.id));
    return {
      success: true as const,
      message: cancelAtPeriodEnd ? "Your subscription will end at the close of this period" : "Your subscription will renew",
      data: (await ownSubscription(userId, view.id)).view,
    };
  });

  /** POST /api/billing-portal — a customer with Stripe: a Customer Portal session to manage subscriptions and cards. */
  app.post("/api/billing-portal", { preValidation: requireUser, schema: { response: answers({ 200: billingPortalSchema }) } }, async (request) => {
    const activeProvider = requireProvider(provider);
    const user = currentUser(request);
    const url = user.paymentCustomerId
      ? await activeProvider.createPortalSession(user.paymentCustomerId, `${publicUrl}/dashboard`)
      : null;
    if (!url) throw new HttpError(409, "There is no billing account to manage yet");
    return { url };
  });
};
