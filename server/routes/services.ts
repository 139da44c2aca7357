import { asc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../db/client";
import { services } from "../db/schema";
import { requireAdmin } from "../plugins/auth";

const querySchema = z.object({ active: z.enum(["true", "false"]).optional() });

export const serviceRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /**
   * GET /api/services?active=true — anyone: the active catalogue.
   * GET /api/services — admins: every service, inactive ones included.
   */
  app.get(
    "/api/services",
    {
      schema: { querystring: querySchema },
      preHandler: async (request) => {
        if (request.query.active !== "true") await requireAdmin(request);
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(services)
        .where(request.query.active === "true" ? eq(services.active, true) : undefined)
        .orderBy(asc(services.id));
      return { success: true, data: rows };
    },
  );
};
