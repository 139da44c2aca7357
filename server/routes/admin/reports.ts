import { desc } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { requireAdmin } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { reports } from "../../db/schema";
import { reportFileUrl } from "../../media/file-urls";

/** GET /api/admin/reports — every report, newest first (admins only). */
export const adminReportRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.addHook("preValidation", requireAdmin);

  app.get("/api/admin/reports", async () => {
    const rows = await db.select().from(reports).orderBy(desc(reports.createdAt), desc(reports.id));
    return { success: true, data: rows.map(({ storageKey: _key, ...report }) => ({ ...report, fileUrl: reportFileUrl(report.id) })) };
  });
};
