import type { FastifyPluginAsync } from "fastify";
import type { DatabaseHandle } from "../db/client";

/** GET /api/health — anyone: 200 when the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsync<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get("/api/health", async (request, reply) => {
    try {
      await database.ping();
      return { status: "ok" };
    } catch (error) {
      request.log.warn({ err: error }, "health check: database unavailable");
      return reply.code(503).send({ status: "unavailable", message: "The database is not answering" });
    }
  });
};
