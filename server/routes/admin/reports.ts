import { desc } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { reportListSchema } from "@common/contract/reports";
import { requireAdmin } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { reports } from "../../db/schema";
import { answers, success } from "../../http/answers";
import { publicReport } from "../../media/public-rows";

/** GET /api/admin/reports — every report, newest first (admins only). */
export const adminReportRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  app.get("/api/admin/reports", { schema: { response: answers({ 200: reportListSchema }) } }, async () => {
    const rows = await db.select().from(reports).orderBy(desc(reports.createdAt), desc(reports.id));
    return success(rows.map(publicReport));
  });
};
