import type Stripe from "stripe";
import type { RefundStatus } from "@common/invoices";
import type { Service } from "../db/schema";
import { DomainError } from "../domain-errors";
import type { AttemptState, PaymentProvider, SubscriptionState } from "./provider";

export interface StripeOptions {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string | null;
  /** Where the API lives; tests point it at a Stripe-shaped server on 127.0.0.1. */
  api?: { host: string; port: number; protocol: "http" | "https" };
}

export interface StripeProvider extends PaymentProvider {
  readonly kind: "stripe";
  /** Verifies the signature over the exact bytes Stripe sent; throws when it does not match. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event;
}

/** One Price per catalogue entry and amount; a changed price gets a new lookup key, never edits one. */
const lookupKeyOf = (service: Service) => `skyvantage_${service.slug}_${service.price}_usd_month`;

/** The end of the subscription's current period; since 2025 Stripe keeps it on the items. */
export function stateOfSubscription(subscription: Stripe.Subscription): SubscriptionState {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((end) => typeof end === "number");
  return {
    status: subscription.status,
    currentPeriodEnd: ends.length ? new Date(Math.max(...ends) * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

/** A PaymentIntent still waiting for a card (or for the customer's bank step) can be paid again. */
function attemptStateOf(status: Stripe.PaymentIntent.Status): AttemptState {
  switch (status) {
    case "succeeded":
      return "succeeded";
    case "canceled":
      return "canceled";
    case "processing":
    case "requires_capture":
      return "processing";
    default:
      return "open";
  }
}

/** Stripe's refund states onto ours: requires_action (the customer must give bank details) is still pending. */
export function refundStatusOf(status: string | null): RefundStatus {
  switch (status) {
    case "succeeded":
    case "failed":
    case "canceled":
      return status;
    default:
      return "pending";
  }
}

const PROVIDER_DOWN = "The payment provider is not answering. Please try again shortly.";

/**
 * Stripe being down or busy is a 503 for the customer (after the SDK's own retries). Stripe
 * refusing our request is our fault: a 500, logged, without Stripe's status or wording.
 */
function answeringWith(errors: typeof Stripe.errors) {
  return async function answering<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const { StripeError, StripeConnectionError, StripeAPIError, StripeRateLimitError } = errors;
      if (error instanceof StripeConnectionError || error instanceof StripeAPIError || error instanceof StripeRateLimitError) {
        throw new DomainError("unavailable", PROVIDER_DOWN, undefined, { cause: error });
      }
      if (error instanceof StripeError) throw new Error(`Stripe refused the request: ${error.message}`, { cause: error });
      throw error;
    }
  };
}

/** The Stripe SDK loads here, so a server without Stripe keys never holds it (about 7 MB resident; docs/decisions/0029-embedded-database-code-memory.md). */
export async function createStripeProvider(options: StripeOptions): Promise<StripeProvider> {
  const { default: Stripe } = await import("stripe");
  const answering = answeringWith(Stripe.errors);
  const stripe = new Stripe(options.secretKey, {
    ...options.api,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "SkyVantage" },
  });
  const priceIds = new Map<string, string>();

  async function priceIdOf(service: Service): Promise<string> {
    const lookupKey = lookupKeyOf(service);
    const known = priceIds.get(lookupKey);
    if (known) return known;
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const price =
      found.data[0] ??
      (await stripe.prices.create(
        {
          currency: "usd",
          unit_amount: service.price,
          recurring: { interval: "month" },
          lookup_key: lookupKey,
          product_data: { name: service.name, metadata: { serviceSlug: service.slug } },
        },
        // Two instances creating the same price at once end with one.
        { idempotencyKey: `price-${lookupKey}` },
      ));
    priceIds.set(lookupKey, price.id);
    return price.id;
  }

  return {
    kind: "stripe",
    publishableKey: options.publishableKey,

    async ensureCustomer(customer) {
      // A demo id left from before Stripe was configured is not Stripe's.
      if (customer.providerCustomerId?.startsWith("cus_")) return customer.providerCustomerId;
      const created = await answering(() =>
        stripe.customers.create(
          { email: customer.email, name: customer.name, metadata: { userId: String(customer.userId) } },
          { idempotencyKey: `customer-${customer.userId}` },
        ),
      );
      return created.id;
    },

    async createPayment({ customerId, amount, currency, description, metadata }) {
      const intent = await answering(() =>
        stripe.paymentIntents.create({
          amount,
          currency,
          customer: customerId,
          description,
          metadata,
          automatic_payment_methods: { enabled: true },
        }),
      );
      if (!intent.client_secret) throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
      return { providerPaymentId: intent.id, clientSecret: intent.client_secret };
    },

    async resumePayment(providerPaymentId) {
      const intent = await answering(() => stripe.paymentIntents.retrieve(providerPaymentId));
      if (!intent.client_secret) throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
      return { clientSecret: intent.client_secret, state: attemptStateOf(intent.status) };
    },

    async cancelPayment(providerPaymentId) {
      await answering(() => stripe.paymentIntents.cancel(providerPaymentId, { cancellation_reason: "abandoned" }));
    },

    async refundPayment({ providerPaymentId, amount, idempotencyKey }) {
      const refund = await answering(() => stripe.refunds.create({ payment_intent: providerPaymentId, amount }, { idempotencyKey }));
      return { providerRefundId: refund.id, status: refundStatusOf(refund.status) };
    },

    async createSubscription({ customerId, service, metadata }) {
      const priceId = await answering(() => priceIdOf(service));
      const subscription = await answering(() =>
        stripe.subscriptions.create({
          customer: customerId,
          items: [{ price: priceId }],
          payment_behavior: "default_incomplete",
          payment_settings: { save_default_payment_method: "on_subscription" },
          metadata,
          expand: ["latest_invoice.confirmation_secret"],
        }),
      );
      const invoice = subscription.latest_invoice;
      if (!invoice || typeof invoice === "string" || !invoice.id || !invoice.confirmation_secret) {
        throw new Error(`Stripe returned subscription ${subscription.id} without a payable first invoice`);
      }
      return {
        providerSubscriptionId: subscription.id,
        providerPaymentId: invoice.id,
        clientSecret: invoice.confirmation_secret.client_secret,
        ...stateOfSubscription(subscription),
      };
    },

    async setCancelAtPeriodEnd(providerSubscriptionId, cancelAtPeriodEnd) {
      return stateOfSubscription(await answering(() => stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: cancelAtPeriodEnd })));
    },

    async abandonSubscription(providerSubscriptionId) {
      await answering(() => stripe.subscriptions.cancel(providerSubscriptionId));
    },

    async createPortalSession(customerId, returnUrl) {
      const session = await answering(() => stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
      return session.url;
    },

    verifyWebhook(rawBody, signature) {
      if (!options.webhookSecret) throw new Error("STRIPE_WEBHOOK_SECRET is not set");
      return stripe.webhooks.constructEvent(rawBody, signature ?? "", options.webhookSecret);
    },
  };
}
