import { newToken } from "../auth/tokens";
import type { PaymentProvider } from "./provider";

const idOf = (prefix: string) => `${prefix}_${newToken().slice(0, 24)}`;

/**
 * The offline provider of a bare machine (never in production): ids and client secrets shaped
 * like Stripe's, no network. Confirmation happens on our own server (routes/demo-payments.ts),
 * which applies the outcome through the same ledger as Stripe's webhooks.
 */
export function createDemoProvider(): PaymentProvider {
  const started = (providerPaymentId: string) => ({ providerPaymentId, clientSecret: `${providerPaymentId}_secret_${newToken()}` });
  return {
    kind: "demo",
    publishableKey: null,
    ensureCustomer: async (customer) => `demo_cus_${customer.userId}`,
    createPayment: async () => started(idOf("demo_pi")),
    createSubscription: async () => ({
      ...started(idOf("demo_in")),
      providerSubscriptionId: idOf("demo_sub"),
      status: "incomplete",
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    }),
    setCancelAtPeriodEnd: async () => null,
    abandonSubscription: async () => undefined,
    createPortalSession: async () => null,
  };
}
