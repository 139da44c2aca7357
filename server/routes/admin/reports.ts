import { eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { pageQuerySchema } from "@common/contract/pagination";
import { adminReportAnswerSchema, adminReportListSchema, reportDeletedSchema } from "@common/contract/reports";
import { deliverableEditSchema } from "@common/deliverables";
import { requireAdmin } from "../../auth/session-hook";
import type { Database } from "../../db/client";
import { reports } from "../../db/schema";
import { answers } from "../../http/answers";
import { HttpError } from "../../http/errors";
import { pageAnswer, type PageWindow, pageWindow } from "../../http/pagination";
import type { Storage } from "../../storage/storage";
import { deliverableMatching, deliverablesPage, ownerOf } from "../../media/admin-lists";
import { adminReport } from "../../media/public-rows";
import { idParams } from "../../http/id-params";

const NOT_FOUND = "Report not found";

/** The back office's reports (docs/architecture.md §4): admins only; a visitor gets 401, a customer or pilot 403. */
export const adminReportRoutes: FastifyPluginAsync<{ db: Database; storage: Storage }> = async (base, { db, storage }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  /**
   * GET /api/admin/reports?page=&pageSize=&q= — every customer's reports, newest first, each with
   * its owner's name; `q` finds words of the title, description or owner's name. Without page or
   * pageSize, all of them. `total` counts the matches.
   */
  app.get("/api/admin/reports", { schema: { querystring: pageQuerySchema, response: answers({ 200: adminReportListSchema }) } }, async (request) => {
    const where = deliverableMatching(reports, request.query.q);
    const matching = deliverablesPage(db, reports, where);
    const rows = async (window: PageWindow | null) => (await matching.rows(window)).map(({ row, owner }) => adminReport(row, owner));
    return pageAnswer(pageWindow(request.query), rows, matching.total);
  });

  /** PATCH /api/admin/reports/:id { title?, description? } — an admin renames a report; 404 for no such report. */
  app.patch(
    "/api/admin/reports/:id",
    { schema: { params: idParams, body: deliverableEditSchema, response: answers({ 200: adminReportAnswerSchema }) } },
    async (request) => {
      const [updated] = await db.update(reports).set(request.body).where(eq(reports.id, request.params.id)).returning();
      if (!updated) throw new HttpError(404, NOT_FOUND);
      return { success: true as const, data: adminReport(updated, await ownerOf(db, updated.userId, NOT_FOUND)) };
    },
  );

  /** DELETE /api/admin/reports/:id — an admin deletes a report: its row, then its stored file; 404 for no such report. */
  app.delete("/api/admin/reports/:id", { schema: { params: idParams, response: answers({ 200: reportDeletedSchema }) } }, async (request) => {
    const [deleted] = await db.delete(reports).where(eq(reports.id, request.params.id)).returning();
    if (!deleted) throw new HttpError(404, NOT_FOUND);
    // The row goes first, as for media: a file without a row is unreachable, a row without a file a broken link.
    await storage.delete(deleted.storageKey);
    return { success: true as const, message: "Report deleted" };
  });
};
