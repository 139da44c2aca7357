import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";

/** Counters live in memory for now; the scale-out work moves them to Redis (DESIGN §1). */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false });
}

/** Route config for a per-address limit with a message people can act on. */
export function limitPerAddress(max: number, windowMs: number, message: string) {
  return {
    rateLimit: {
      max,
      timeWindow: windowMs,
      errorResponseBuilder: () => ({ statusCode: 429, message }),
    },
  };
}
