import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the Stripe SDK put it on the wire; form fields flat, as Stripe reads them ("metadata[userId]"). */
interface StripeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

type Json = Record<string, unknown>;

export interface StripePeer {
  api: { host: string; port: number; protocol: "http" };
  requests: StripeRequest[];
  /** The requests made to one method and path, e.g. ("POST", "/v1/payment_intents"). */
  calls(method: string, path: string): StripeRequest[];
  /** Changes a PaymentIntent as Stripe would after the browser confirmed it (status: "succeeded"…). */
  updatePaymentIntent(id: string, fields: Record<string, unknown>): void;
  /** The status Stripe gives the refunds it makes from now on ("succeeded" until told otherwise; "pending" for a bank's). */
  refundsAs(status: string): void;
  /** Changes a subscription as Stripe would after a payment or a portal visit. */
  updateSubscription(id: string, fields: Record<string, unknown>): void;
  /** Answers the next `times` requests to this method and path with the given status and Stripe error. */
  failNext(method: string, path: string, status: number, error: { type: string; message: string }, times?: number): void;
  close(): Promise<void>;
}

const DAY = 86_400;

/**
 * A Stripe-shaped HTTP server on 127.0.0.1 for contract tests: it answers the calls our
 * provider makes with objects of Stripe's shape and records every request (no stripe-mock here).
 */
export async function startStripePeer(): Promise<StripePeer> {
  const requests: StripeRequest[] = [];
  const failures = new Map<string, { status: number; error: Json; times: number }>();
  const subscriptions = new Map<string, Json>();
  const intents = new Map<string, Json>();
  const prices: Json[] = [];
  /** Stripe replays the answer of a request whose Idempotency-Key it has seen, instead of refunding twice. */
  const refundsByKey = new Map<string, Json>();
  let refundStatus = "succeeded";
  let next = 0;
  const id = (prefix: string) => `${prefix}_test${(next += 1)}`;
  const now = () => Math.floor(Date.now() / 1000);

  const routes: Record<string, (params: Record<string, string>, pathId: string | undefined, idempotencyKey: string | undefined) => Json> = {
    "POST /v1/customers": (p) => ({ id: id("cus"), object: "customer", email: p.email, name: p.name, metadata: { userId: p["metadata[userId]"] } }),
    "POST /v1/payment_intents": (p) => {
      const intentId = id("pi");
      const intent = {
        id: intentId,
        object: "payment_intent",
        amount: Number(p.amount),
        currency: p.currency,
        customer: p.customer,
        description: p.description,
        status: "requires_payment_method",
        client_secret: `${intentId}_secret_${id("cs")}`,
      };
      intents.set(intentId, intent);
      return intent;
    },
    "GET /v1/payment_intents/:id": (_p, pathId) => {
      const intent = intents.get(pathId ?? "");
      if (!intent) throw new NotFound(`No such payment_intent: '${pathId}'`);
      return intent;
    },
    "POST /v1/payment_intents/:id/cancel": (p, pathId) => {
      const intent = intents.get(pathId ?? "");
      if (!intent) throw new NotFound(`No such payment_intent: '${pathId}'`);
      if (intent.status === "succeeded" || intent.status === "processing") {
        throw new Refused(`You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`);
      }
      return Object.assign(intent, { status: "canceled", cancellation_reason: p.cancellation_reason ?? null });
    },
    "POST /v1/refunds": (p, _pathId, idempotencyKey) => {
      const replayed = idempotencyKey === undefined ? undefined : refundsByKey.get(idempotencyKey);
      if (replayed) return replayed;
      const intent = intents.get(p.payment_intent ?? "");
      if (!intent) throw new NotFound(`No such payment_intent: '${p.payment_intent}'`);
      if (intent.status !== "succeeded") throw new Refused(`This PaymentIntent (${String(intent.id)}) does not have a successful charge to refund.`);
      const unrefunded = Number(intent.amount) - Number(intent.amount_refunded ?? 0);
      const amount = p.amount === undefined ? unrefunded : Number(p.amount);
      if (amount > unrefunded)
        throw new Refused(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(unrefunded / 100).toFixed(2)})`);
      intent.amount_refunded = Number(intent.amount_refunded ?? 0) + amount;
      const refund = { id: id("re"), object: "refund", amount, currency: intent.currency, payment_intent: intent.id, status: refundStatus, created: now() };
      if (idempotencyKey !== undefined) refundsByKey.set(idempotencyKey, refund);
      return refund;
    },
    "GET /v1/prices": (p) => ({ object: "list", url: "/v1/prices", has_more: false, data: prices.filter((price) => price.lookup_key === p["lookup_keys[0]"]) }),
    "POST /v1/prices": (p) => {
      const price = {
        id: id("price"),
        object: "price",
        active: true,
        currency: p.currency,
        unit_amount: Number(p.unit_amount),
        lookup_key: p.lookup_key,
        recurring: { interval: p["recurring[interval]"] },
        product: id("prod"),
      };
      prices.push(price);
      return price;
    },
    "POST /v1/subscriptions": (p) => {
      const invoice = id("in");
      const subscription = {
        id: id("sub"),
        object: "subscription",
        customer: p.customer,
        status: "incomplete",
        cancel_at_period_end: false,
        metadata: { userId: p["metadata[userId]"], serviceId: p["metadata[serviceId]"] },
        items: {
          object: "list",
          data: [{ id: id("si"), object: "subscription_item", price: { id: p["items[0][price]"] }, current_period_end: now() + 30 * DAY }],
        },
        latest_invoice: {
          id: invoice,
          object: "invoice",
          confirmation_secret: { client_secret: `pi_for_${invoice}_secret_${id("cs")}`, type: "payment_intent" },
        },
      };
      subscriptions.set(subscription.id, subscription);
      return subscription;
    },
    "POST /v1/subscriptions/:id": (p, pathId) => {
      const subscription = subscriptions.get(pathId ?? "");
      if (!subscription) throw new NotFound(`No such subscription: '${pathId}'`);
      if (p.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = p.cancel_at_period_end === "true";
      return subscription;
    },
    "DELETE /v1/subscriptions/:id": (_p, pathId) => {
      const subscription = subscriptions.get(pathId ?? "");
      if (!subscription) throw new NotFound(`No such subscription: '${pathId}'`);
      subscription.status = "canceled";
      return subscription;
    },
    "POST /v1/billing_portal/sessions": (p) => {
      const session = id("bps");
      return {
        id: session,
        object: "billing_portal.session",
        customer: p.customer,
        return_url: p.return_url,
        url: `https://billing.stripe.com/p/session/${session}`,
      };
    },
  };

  const routeOf = (method: string, path: string): { key: string; pathId?: string } => {
    const match = /^(\/v1\/(?:subscriptions|payment_intents))\/([^/]+)(\/cancel)?$/.exec(path);
    return match ? { key: `${method} ${match[1]}/:id${match[3] ?? ""}`, pathId: match[2] } : { key: `${method} ${path}` };
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    let body = "";
    for await (const chunk of request) body += chunk;
    const params = Object.fromEntries(new URLSearchParams(request.method === "GET" ? url.search : body));
    requests.push({
      method: request.method ?? "GET",
      path: url.pathname,
      params,
      idempotencyKey: request.headers["idempotency-key"] as string | undefined,
      authorization: request.headers.authorization,
    });
    const send = (status: number, json: Json) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
      response.end(JSON.stringify(json));
    };
    const failure = failures.get(`${request.method} ${url.pathname}`);
    if (failure) {
      failure.times -= 1;
      if (failure.times === 0) failures.delete(`${request.method} ${url.pathname}`);
      return send(failure.status, failure.error);
    }
    const { key, pathId } = routeOf(request.method ?? "GET", url.pathname);
    const route = routes[key];
    if (!route) return send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${key})` } });
    try {
      send(200, route(params, pathId, request.headers["idempotency-key"] as string | undefined));
    } catch (error) {
      if (error instanceof NotFound) return send(404, { error: { type: "invalid_request_error", message: error.message } });
      if (error instanceof Refused)
        return send(400, { error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: error.message } });
      throw error;
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return {
    api: { host: "127.0.0.1", port, protocol: "http" },
    requests,
    updatePaymentIntent: (intentId, fields) => Object.assign(intents.get(intentId) ?? {}, fields),
    refundsAs: (status) => {
      refundStatus = status;
    },
    updateSubscription: (subscriptionId, fields) => Object.assign(subscriptions.get(subscriptionId) ?? {}, fields),
    calls: (method, path) => requests.filter((request) => request.method === method && request.path === path),
    failNext: (method, path, status, error, times = 1) => failures.set(`${method} ${path}`, { status, error: { error }, times }),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

class NotFound extends Error {}
/** Stripe's 400 for a request the object's state does not allow. */
class Refused extends Error {}
