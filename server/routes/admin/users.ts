import { asc } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { requireAdmin } from "../../auth/session-hook";
import { toPublicUser } from "../../auth/public-user";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";

/** GET /api/admin/users — every account, for the upload forms' user picker (admins only). */
export const adminUserRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.addHook("preValidation", requireAdmin);

  app.get("/api/admin/users", async () => {
    const rows = await db.select().from(users).orderBy(asc(users.username));
    return { success: true, data: rows.map(toPublicUser) };
  });
};
