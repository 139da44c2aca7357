import type { FastifyPluginAsync } from "fastify";
import type { DatabaseHandle } from "../db/client";

/** Liveness and readiness, for anyone (load balancers, orchestrators). */
export const healthRoutes: FastifyPluginAsync<{ database: DatabaseHandle }> = async (app, { database }) => {
  /** GET /api/health — 200 when the database answers, 503 otherwise (DESIGN §3). */
  app.get("/api/health", async (request, reply) => {
    try {
      await database.ping();
      return { status: "ok" };
    } catch (error) {
      request.log.warn({ err: error }, "health check: database unavailable");
      return reply.code(503).send({ status: "unavailable", message: "The database is not answering" });
    }
  });

  /** GET /api/health/ready — 200 once the database answers and every committed migration is applied. */
  app.get("/api/health/ready", async (request, reply) => {
    let pending: number;
    try {
      pending = await database.pendingMigrations();
    } catch (error) {
      request.log.warn({ err: error }, "readiness check: database unavailable");
      return reply.code(503).send({ status: "unavailable", message: "The database is not answering" });
    }
    if (pending > 0) return reply.code(503).send({ status: "migrating", message: `${pending} database migrations are not applied yet` });
    return { status: "ready" };
  });
};
