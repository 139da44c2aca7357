import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyServerOptions } from "fastify";

/** Query parameters that carry secrets: reset links and Stripe's redirect back to /payment-success. */
const SECRET_PARAMS = ["token", "payment_intent_client_secret", "setup_intent_client_secret"];
const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The URL as it may be logged: secret query values replaced. */
export function loggableUrl(url: string): string {
  const query = url.indexOf("?");
  if (query === -1) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  let changed = false;
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) {
      params.set(name, "[redacted]");
      changed = true;
    }
  }
  return changed ? `${url.slice(0, query)}?${params}` : url;
}

/**
 * JSON logs (pino) with one id per request, taken from the proxy's X-Request-Id when it sends a
 * sane one so a request can be followed from nginx to the instance; never a secret: bodies are
 * not logged, credentials headers are censored if anything logs them, secret query values too.
 */
export function loggerOptions(level: string): Pick<FastifyServerOptions, "logger" | "genReqId"> {
  return {
    logger: {
      level,
      redact: {
        paths: [
          "req.headers.cookie",
          "req.headers.authorization",
          'req.headers["stripe-signature"]',
          'res.headers["set-cookie"]',
          "password",
          "newPassword",
          "*.password",
          "*.newPassword",
        ],
        censor: "[redacted]",
      },
      serializers: {
        req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
          method: request.method,
          url: loggableUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    genReqId: (request: IncomingMessage) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
  };
}
