import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createPaymentIntentSchema, type PaymentIntentResponse, paymentMessages } from "@common/payments";
import { serviceLabel } from "@common/quotes";
import { hashToken } from "../auth/tokens";
import type { Database } from "../db/client";
import { payments, quotes, services, type User } from "../db/schema";
import { providerCustomerOf } from "../payments/customer";
import type { PaymentProvider } from "../payments/provider";
import { requireProvider } from "../payments/select-provider";
import { currentUser, requireUser } from "../plugins/auth";
import { HttpError } from "../plugins/errors";

/** What a payment looks like in every list, the customer's and the admins'. */
export const paymentColumns = {
  id: payments.id,
  description: payments.description,
  amount: payments.amount,
  currency: payments.currency,
  status: payments.status,
  failureMessage: payments.failureMessage,
  serviceId: payments.serviceId,
  quoteId: payments.quoteId,
  subscriptionId: payments.subscriptionId,
  provider: payments.provider,
  /** Stripe's id, which /payment-success receives back in its address. */
  reference: payments.providerPaymentId,
  createdAt: payments.createdAt,
};

interface Charge {
  description: string;
  amount: number;
  serviceId?: number;
  quoteId?: number;
}

/**
 * What is charged, in cents, decided here (DESIGN §4): an accepted quote's price, a catalogue
 * service's price, or, for anything else, the whole dollars asked for.
 */
async function chargeFor(db: Database, user: User, input: { amount: number; service: string; quoteId?: number | undefined }): Promise<Charge> {
  if (input.quoteId !== undefined) {
    const [quote] = await db
      .select()
      .from(quotes)
      .where(and(eq(quotes.id, input.quoteId), eq(quotes.userId, user.id)));
    if (!quote) throw new HttpError(404, "Quote not found");
    if (quote.status !== "accepted" || quote.price === null) throw new HttpError(409, paymentMessages.quoteNotPayable);
    const [paid] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.quoteId, quote.id), eq(payments.status, "succeeded")))
      .limit(1);
    if (paid) throw new HttpError(409, paymentMessages.quotePaid);
    return { description: `${serviceLabel(quote.serviceType)} (quote #${quote.id})`, amount: quote.price, quoteId: quote.id };
  }
  const [service] = await db
    .select()
    .from(services)
    .where(and(eq(services.active, true), sql`lower(${services.name}) = lower(${input.service})`))
    .limit(1);
  if (service) return { description: service.name, amount: service.price, serviceId: service.id };
  return { description: input.service, amount: input.amount * 100 };
}

export const paymentRoutes: FastifyPluginAsync<{ db: Database; provider: PaymentProvider | null }> = async (base, { db, provider }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /**
   * POST /api/create-payment-intent { amount, service, quoteId? } — a customer: starts a one-off
   * payment and answers its client secret (SPEC §7) with the amount actually charged.
   */
  app.post("/api/create-payment-intent", { preValidation: requireUser, schema: { body: createPaymentIntentSchema } }, async (request): Promise<PaymentIntentResponse> => {
    const activeProvider = requireProvider(provider);
    const user = currentUser(request);
    const charge = await chargeFor(db, user, request.body);
    const customerId = await providerCustomerOf(db, activeProvider, user);
    const metadata: Record<string, string> = { userId: String(user.id), service: charge.description };
    if (charge.quoteId !== undefined) metadata.quoteId = String(charge.quoteId);
    if (charge.serviceId !== undefined) metadata.serviceId = String(charge.serviceId);
    const started = await activeProvider.createPayment({ customerId, amount: charge.amount, description: charge.description, metadata });
    const [payment] = await db
      .insert(payments)
      .values({
        userId: user.id,
        description: charge.description,
        serviceId: charge.serviceId,
        quoteId: charge.quoteId,
        amount: charge.amount,
        provider: activeProvider.kind,
        providerPaymentId: started.providerPaymentId,
        clientSecretHash: hashToken(started.clientSecret),
      })
      .returning({ id: payments.id });
    return {
      clientSecret: started.clientSecret,
      paymentId: payment!.id,
      provider: activeProvider.kind,
      publishableKey: activeProvider.publishableKey,
      service: charge.description,
      amount: charge.amount / 100,
    };
  });

  /** GET /api/payments — a customer: their own payments, newest first. */
  app.get("/api/payments", { preValidation: requireUser }, async (request) => {
    const rows = await db
      .select(paymentColumns)
      .from(payments)
      .where(eq(payments.userId, currentUser(request).id))
      .orderBy(desc(payments.createdAt), desc(payments.id));
    return { success: true, data: rows };
  });
};
