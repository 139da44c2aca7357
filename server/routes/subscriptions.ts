import { asc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../db/client";
import { services, subscriptions } from "../db/schema";
import { currentUser, requireUser } from "../plugins/auth";

export const subscriptionRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  /** GET /api/subscriptions — a customer: their own subscriptions only. */
  app.get("/api/subscriptions", { preHandler: requireUser }, async (request) => {
    const rows = await db
      .select({
        id: subscriptions.id,
        serviceId: subscriptions.serviceId,
        serviceName: services.name,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
      })
      .from(subscriptions)
      .innerJoin(services, eq(services.id, subscriptions.serviceId))
      .where(eq(subscriptions.userId, currentUser(request).id))
      .orderBy(asc(subscriptions.id));
    return { success: true, data: rows };
  });
};
