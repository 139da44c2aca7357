import { paymentMessages } from "@common/checkout";
import type { Config } from "../config";
import { DomainError } from "../domain-errors";
import { createDemoProvider } from "./demo-provider";
import type { PaymentProvider } from "./provider";
import { createStripeProvider } from "./stripe-provider";

/** Stripe when keys are set; the offline demo outside production; otherwise none (calls answer 503). */
export async function paymentProviderFor(config: Pick<Config, "stripe" | "production">): Promise<PaymentProvider | null> {
  if (config.stripe) return createStripeProvider(config.stripe);
  return config.production ? null : createDemoProvider();
}

export function requireProvider(provider: PaymentProvider | null): PaymentProvider {
  if (!provider) throw new DomainError("unavailable", paymentMessages.notConfigured);
  return provider;
}
