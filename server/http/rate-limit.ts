import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import { HttpError } from "./errors";

declare module "fastify" {
  interface FastifyInstance {
    /** Counters the login limits add to and take back from, in the same store as every other limit. */
    attemptCounter: AttemptCounter;
  }
}

/** One counter per key, in fixed windows that start with the key's first attempt. */
interface AttemptCounter {
  /** Counts one attempt; answers the count in the current window and the time left in it. */
  add(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** Takes one attempt back (it turned out to be a success). */
  takeBack(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

/**
 * Counters live in Redis when REDIS_URL is set, so every instance counts the same attempts
 * (docs/architecture.md §1); otherwise in this process's memory. If Redis stops answering, requests go
 * through uncounted (and logged) rather than the whole site failing with it.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  if (!redisUrl) {
    // The default 5,000 counters per limit would let a flood of made-up names evict the real ones.
    await app.register(rateLimit, { global: false, cache: MEMORY_KEYS });
    app.decorate("attemptCounter", memoryCounter());
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
  app.decorate("attemptCounter", redisCounter(redis, app));
}

const MEMORY_KEYS = 100_000;

function memoryCounter(): AttemptCounter {
  const counts = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string, now: number) => {
    const entry = counts.get(key);
    return entry && entry.resetAt > now ? entry : undefined;
  };
  const makeRoom = (now: number) => {
    if (counts.size < MEMORY_KEYS) return;
    for (const [key, entry] of counts) if (entry.resetAt <= now) counts.delete(key);
    // Still full of live counters: the oldest windows go first, as they end soonest.
    for (const key of counts.keys()) {
      if (counts.size < MEMORY_KEYS) break;
      counts.delete(key);
    }
  };
  return {
    async add(key, windowMs) {
      const now = Date.now();
      let entry = live(key, now);
      if (!entry) {
        makeRoom(now);
        entry = { count: 0, resetAt: now + windowMs };
        counts.delete(key);
        counts.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, ttlMs: entry.resetAt - now };
    },
    async takeBack(key) {
      const entry = live(key, Date.now());
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async clear(key) {
      counts.delete(key);
    },
  };
}

const ADD = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;
const TAKE_BACK = `if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end`;

/** As the plugin's own counters: an unreachable store lets the attempt through, uncounted and logged. */
function redisCounter(redis: Redis, app: FastifyInstance): AttemptCounter {
  const prefix = "skyvantage:attempts:";
  const unavailable = (error: unknown) => app.log.warn({ err: error }, "rate-limit store unavailable");
  return {
    async add(key, windowMs) {
      try {
        const [count, ttlMs] = (await redis.eval(ADD, 1, prefix + key, windowMs)) as [number, number];
        return { count, ttlMs };
      } catch (error) {
        unavailable(error);
        return { count: 0, ttlMs: 0 };
      }
    },
    async takeBack(key) {
      await redis.eval(TAKE_BACK, 1, prefix + key).catch(unavailable);
    },
    async clear(key) {
      await redis.del(prefix + key).catch(unavailable);
    },
  };
}

function tooMany(message: string) {
  return () => ({ statusCode: 429, message });
}

/** Route config for a per-address limit with a message people can act on. */
export function limitPerAddress(max: number, windowMs: number, message: string) {
  return { rateLimit: { max, timeWindow: windowMs, errorResponseBuilder: tooMany(message) } };
}

export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

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
