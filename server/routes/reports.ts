import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../db/client";
import { reports } from "../db/schema";
import { currentUser, requireUser } from "../auth/session-hook";
import { reportFileUrl } from "../media/file-urls";

export const reportRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  /** GET /api/reports — a customer: their own reports, newest first. */
  app.get("/api/reports", { preValidation: requireUser }, async (request) => {
    const rows = await db.select().from(reports).where(eq(reports.userId, currentUser(request).id)).orderBy(desc(reports.createdAt));
    return {
      success: true,
      data: rows.map(({ storageKey: _key, ...report }) => ({ ...report, fileUrl: reportFileUrl(report.id) })),
    };
  });
};
