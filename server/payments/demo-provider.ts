import { createHash } from "node:crypto";
import { newToken } from "../auth/tokens";
import type { PaymentProvider } from "./provider";

const idOf = (prefix: string) => `${prefix}_${newToken().slice(0, 24)}`;

/**
 * The demo's client secret follows from the payment's id, so any instance can hand an open
 * attempt back after a restart without storing the secret. It is a handle, not a credential:
 * confirming also needs the owner's session (routes/demo-payments.ts), and the demo moves no money.
 */
const demoClientSecretOf = (providerPaymentId: string) =>
  `${providerPaymentId}_secret_${createHash("sha256").update(`demo-client-secret:${providerPaymentId}`).digest("base64url").slice(0, 24)}`;

/**
 * The offline provider of a bare machine (never in production): ids and client secrets shaped
 * like Stripe's, no network. Confirmation happens on our own server (routes/demo-payments.ts),
 * which applies the outcome through the same ledger as Stripe's webhooks; an attempt's state is
 * therefore our own record, and cancelling one is only the record's business.
 */
export function createDemoProvider(): PaymentProvider {
  const started = (providerPaymentId: string) => ({ providerPaymentId, clientSecret: demoClientSecretOf(providerPaymentId) });
  return {
    kind: "demo",
    publishableKey: null,
    ensureCustomer: async (customer) => `demo_cus_${customer.userId}`,
    createPayment: async () => started(idOf("demo_pi")),
    resumePayment: async (providerPaymentId) => ({ clientSecret: demoClientSecretOf(providerPaymentId), state: "open" }),
    cancelPayment: async () => undefined,
    // The demo moves no money: a refund is given back at once, as a card refund that settled.
    refundPayment: async () => ({ providerRefundId: idOf("demo_re"), status: "succeeded" }),
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
