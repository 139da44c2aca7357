import { createStripeProvider, type StripeOptions } from "../payments/stripe-provider";
import { startStripePeer, type StripePeer } from "./stripe-peer";
import { createTestApp, type TestApp, type TestAppOptions } from "./test-app";

/**
 * A test app whose payments go to a fresh Stripe-shaped server (testing/stripe-peer.ts) with these
 * keys; closing the app closes the server too.
 */
export async function appWithStripe(
  keys: Omit<StripeOptions, "api">,
  env?: Record<string, string>,
  options?: Omit<TestAppOptions, "payments">,
): Promise<{ t: TestApp; peer: StripePeer }> {
  const peer = await startStripePeer();
  const t = await createTestApp(env, { ...options, payments: createStripeProvider({ ...keys, api: peer.api }) });
  const closeApp = t.close;
  t.close = async () => {
    await closeApp();
    await peer.close();
  };
  return { t, peer };
}
