import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { healthSchema, readySchema, unavailableSchema } from "@common/contract/health";
import type { DatabaseHandle } from "../db/client";
import { answers } from "../http/answers";

/** Liveness and readiness, for anyone (load balancers, orchestrators). */
export const healthRoutes: FastifyPluginAsync<{ database: DatabaseHandle }> = async (base, { database }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/health — 200 when the database answers, 503 otherwise (docs/architecture.md §3). */
  app.get("/api/health", { schema: { response: answers({ 200: healthSchema, 503: unavailableSchema }) } }, async (request, reply) => {
    try {
      await database.ping();
      return { status: "ok" as const };
    } catch (error) {
      request.log.warn({ err: error }, "health check: database unavailable");
      return reply.code(503).send({ status: "unavailable", message: "The database is not answering" });
    }
  });

  /** GET /api/health/ready — 200 once the database answers and every committed migration is applied. */
  app.get("/api/health/ready", { schema: { response: answers({ 200: readySchema, 503: unavailableSchema }) } }, async (request, reply) => {
    let pending: number;
    try {
      pending = await database.pendingMigrations();
    } catch (error) {
      request.log.warn({ err: error }, "readiness check: database unavailable");
      return reply.code(503).send({ status: "unavailable", message: "The database is not answering" });
    }
    if (pending > 0) return reply.code(503).send({ status: "migrating", message: `${pending} database migrations are not applied yet` });
    return { status: "ready" as const };
  });
};
