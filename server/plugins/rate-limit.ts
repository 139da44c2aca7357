import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import { HttpError } from "./errors";

/**
 * Counters live in Redis when REDIS_URL is set, so every instance counts the same attempts
 * (DESIGN §1); otherwise in this process's memory. If Redis stops answering, requests go
 * through uncounted (and logged) rather than the whole site failing with it.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  if (!redisUrl) {
    await app.register(rateLimit, { global: false });
    return;
  }
  // No offline queue: while the store is unreachable, counting fails at once and the request goes
  // through, so no login waits on a reconnect. The connect timeout only paces (re)connection
  // attempts; 500 ms was too short for a busy host at start, leaving an instance uncounted.
  const redis = new Redis(redisUrl, { connectTimeout: 5_000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  redis.on("error", (error) => app.log.warn({ err: error }, "rate-limit store unavailable"));
  await redis.connect().catch((error: unknown) => app.log.warn({ err: error }, "rate-limit store unavailable at start"));
  app.addHook("onClose", async () => {
    redis.disconnect();
  });
  await app.register(rateLimit, { global: false, redis, nameSpace: "skyvantage:rate-limit:", skipOnError: true });
}

function tooMany(message: string) {
  return () => ({ statusCode: 429, message });
}

/** Route config for a per-address limit with a message people can act on. */
export function limitPerAddress(max: number, windowMs: number, message: string) {
  return { rateLimit: { max, timeWindow: windowMs, errorResponseBuilder: tooMany(message) } };
}

type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A preHandler counting one named action under a key. Built on createRateLimit because the
 * plugin's own route hooks let only one limit run per request, and login needs two.
 */
function keyedLimiter(app: FastifyInstance, max: number, windowMs: number, message: string, key: (request: FastifyRequest) => string): Limiter {
  const check = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: key });
  return async (request, reply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("retry-after", result.ttlInSeconds);
      throw new HttpError(429, message);
    }
  };
}

/** Limits one named action per client address. */
export function addressLimiter(app: FastifyInstance, action: string, max: number, windowMs: number, message: string): Limiter {
  return keyedLimiter(app, max, windowMs, message, (request) => `${action}:ip:${request.ip}`);
}

/** Limits one named action per account, whichever address the attempts come from. */
export function accountLimiter(
  app: FastifyInstance,
  action: string,
  max: number,
  windowMs: number,
  message: string,
  account: (request: FastifyRequest) => string,
): Limiter {
  return keyedLimiter(app, max, windowMs, message, (request) => `${action}:account:${account(request).trim().toLowerCase()}`);
}
