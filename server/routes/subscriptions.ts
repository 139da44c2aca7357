import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { billingPortalSchema, subscriptionListSchema, subscriptionStartedSchema, subscriptionUpdatedSchema } from "@common/contract/subscriptions";
import { createSubscriptionSchema, updateSubscriptionSchema } from "@common/payments";
import { currentUser, requireUser } from "../auth/session-hook";
import { answers, success } from "../http/answers";
import { HttpError } from "../http/errors";
import { idParams } from "../http/id-params";
import type { Limiter } from "../http/rate-limit";
import type { PaymentProvider } from "../payments/provider";
import { requireProvider } from "../payments/select-provider";
import { listSubscriptions, setCancelAtPeriodEnd, startSubscription } from "../payments/subscriptions";
import type { Database } from "../db/client";

interface SubscriptionOptions {
  db: Database;
  provider: PaymentProvider | null;
  publicUrl: string;
  /** Counts a new payment attempt of the customer, against the budget one-off payments use too. */
  limitNewAttempts: Limiter;
}

export const subscriptionRoutes: FastifyPluginAsync<SubscriptionOptions> = async (base, { db, provider, publicUrl, limitNewAttempts }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/subscriptions — a customer: their own subscriptions only. */
  app.get("/api/subscriptions", { preValidation: requireUser, schema: { response: answers({ 200: subscriptionListSchema }) } }, async (request) => {
    return success(await listSubscriptions(db, provider, currentUser(request).id));
  });

  /**
   * POST /api/subscriptions { serviceId } — a customer: starts a monthly subscription to a
   * catalogue service at its catalogue price. It stays incomplete until the first payment
   * succeeds; the answer carries that payment's client secret for /checkout.
   */
  app.post(
    "/api/subscriptions",
    {
      preValidation: requireUser,
      preHandler: limitNewAttempts,
      schema: { body: createSubscriptionSchema, response: answers({ 200: subscriptionStartedSchema }) },
    },
    async (request) => {
      const activeProvider = requireProvider(provider);
      const { started, service, subscriptionId, paymentId } = await startSubscription(
        db,
        activeProvider,
        currentUser(request),
        request.body.serviceId,
        request.log,
      );
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
  app.patch(
    "/api/subscriptions/:id",
    { preValidation: requireUser, schema: { params: idParams, body: updateSubscriptionSchema, response: answers({ 200: subscriptionUpdatedSchema }) } },
    async (request) => {
      const activeProvider = requireProvider(provider);
      const { cancelAtPeriodEnd } = request.body;
      const subscription = await setCancelAtPeriodEnd(db, activeProvider, currentUser(request).id, request.params.id, cancelAtPeriodEnd);
      return {
        success: true as const,
        message: cancelAtPeriodEnd ? "Your subscription will end at the close of this period" : "Your subscription will renew",
        data: subscription,
      };
    },
  );

  /** POST /api/billing-portal — a customer with Stripe: a Customer Portal session to manage subscriptions and cards. */
  app.post("/api/billing-portal", { preValidation: requireUser, schema: { response: answers({ 200: billingPortalSchema }) } }, async (request) => {
    const activeProvider = requireProvider(provider);
    const user = currentUser(request);
    const url = user.paymentCustomerId ? await activeProvider.createPortalSession(user.paymentCustomerId, `${publicUrl}/dashboard`) : null;
    if (!url) throw new HttpError(409, "There is no billing account to manage yet");
    return { url };
  });
};
