import Stripe from "stripe";
import { createStripeProvider, type StripeOptions } from "../payments/stripe-provider";
import { createAdmin, type TestUser } from "./factories";
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
  const t = await createTestApp(env, { ...options, payments: await createStripeProvider({ ...keys, api: peer.api }) });
  const closeApp = t.close;
  t.close = async () => {
    await closeApp();
    await peer.close();
  };
  return { t, peer };
}

/** The start of a payment test file against Stripe: the app as appWithStripe makes it, payments not rate limited, and an admin. */
export async function paymentAppWithStripe(keys: Omit<StripeOptions, "api">): Promise<{ t: TestApp; peer: StripePeer; admin: TestUser }> {
  const { t, peer } = await appWithStripe(keys, { RATE_LIMIT_PAYMENT_MAX: "1000" });
  return { t, peer, admin: await createAdmin(t) };
}

/** A POST as `user` (their session cookie), with `payload` as its JSON body when given. */
export const postAs = (t: TestApp, url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method: "POST", url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

const signer = new Stripe("sk_test_signer").webhooks;

/**
 * Writes Stripe events as Stripe sends them, signed with `webhookSecret`: the JSON body and its
 * Stripe-Signature header. An event's id is `idPrefix` and a count unless one is given.
 */
export function stripeEventsSignedWith(webhookSecret: string, idPrefix: string) {
  let count = 0;
  return (type: string, object: Record<string, unknown>, id = `${idPrefix}${(count += 1)}`) => {
    const payload = JSON.stringify({ id, object: "event", type, api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), data: { object } });
    return { id, payload, signature: signer.generateTestHeaderString({ payload, secret: webhookSecret }) };
  };
}

/** POST /api/stripe/webhook as Stripe delivers `event`: its JSON body with its Stripe-Signature header. */
export const deliverStripeEvent = (t: TestApp, event: { payload: string; signature: string }) =>
  t.app.inject({
    method: "POST",
    url: "/api/stripe/webhook",
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": event.signature },
    payload: event.payload,
  });

/** The PaymentIntent a client secret belongs to (pi_1_secret_2 → pi_1). */
export const intentOf = (clientSecret: string) => clientSecret.split("_secret_")[0]!;
