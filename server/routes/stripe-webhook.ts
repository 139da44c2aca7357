import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { webhookReceiptSchema } from "@common/contract/payments";
import { paymentMessages } from "@common/checkout";
import type { BillingRouteOptions, PaymentProvider } from "../payments/provider";
import { paymentEvents } from "../db/schema";
import { applyStripeEvent, assertReadableEvent } from "../payments/stripe-events";
import type { StripeProvider } from "../payments/stripe-provider";
import { answers } from "../http/answers";
import { HttpError } from "../http/errors";
import { mailReceipt } from "../payments/receipt-mails";

const isStripe = (provider: PaymentProvider | null): provider is StripeProvider => provider?.kind === "stripe";

/**
 * POST /api/stripe/webhook — Stripe only, proven by the signature over the raw body (no session,
 * no Origin: the CSRF guard lets it through as it does any non-browser caller). Each event is
 * applied once: its id is recorded in the same transaction as its effect. A payment it made succeeded
 * has its receipt mailed after the commit (once per payment, whichever event or retry gets there).
 */
export const stripeWebhookRoutes: FastifyPluginAsync<Pick<BillingRouteOptions, "db" | "queue" | "billing" | "provider">> = async (app, deps) => {
  const { db, provider } = deps;
  // The signature covers the exact bytes, so this route reads its body unparsed.
  app.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/api/stripe/webhook",
      { schema: { description: "Stripe, proven by the Stripe-Signature header over the raw body.", response: answers({ 200: webhookReceiptSchema }) } },
      async (request) => {
        if (!isStripe(provider)) throw new HttpError(503, paymentMessages.notConfigured);
        if (!Buffer.isBuffer(request.body)) throw new HttpError(400, "Expected a JSON body");
        let event;
        try {
          event = provider.verifyWebhook(request.body, request.headers["stripe-signature"] as string | undefined);
        } catch (error) {
          request.log.warn({ err: error }, "stripe webhook refused");
          throw new HttpError(400, "Invalid webhook signature");
        }
        assertReadableEvent(event);
        const effect = await db.transaction(async (tx) => {
          const [fresh] = await tx.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: paymentEvents.id });
          if (!fresh) return null;
          return applyStripeEvent(tx, event, request.log);
        });
        const applied = effect !== null;
        request.log.info({ eventId: event.id, type: event.type, applied }, "stripe webhook");
        const paymentId = effect?.succeededPaymentId;
        if (paymentId)
          await deps
            .billing()
            .then((billing) => mailReceipt({ ...deps, billing }, paymentId))
            .catch((error: unknown) => request.log.error({ err: error, paymentId }, "receipt mail could not be queued"));
        return { received: true as const, duplicate: !applied };
      },
    );
};
