import { asc } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { userListSchema } from "@common/contract/users";
import { requireAdmin } from "../../auth/session-hook";
import { toPublicUser } from "../../auth/public-user";
import { answers, success } from "../../http/answers";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";

/** GET /api/admin/users — every account, for the upload forms' user picker (admins only). */
export const adminUserRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  app.get("/api/admin/users", { schema: { response: answers({ 200: userListSchema }) } }, async () => {
    const rows = await db.select().from(users).orderBy(asc(users.username));
    return success(rows.map(toPublicUser));
  });
};
