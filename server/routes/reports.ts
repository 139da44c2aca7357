import { and, desc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { reportListSchema } from "@common/contract/reports";
import type { Database } from "../db/client";
import { reports } from "../db/schema";
import { currentUser, requireUser } from "../auth/session-hook";
import { answers, success } from "../http/answers";
import { published } from "../jobs/read-jobs";
import { publicReport } from "../media/public-rows";

export const reportRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/reports — a customer: their own reports, newest first. */
  app.get("/api/reports", { preValidation: requireUser, schema: { response: answers({ 200: reportListSchema }) } }, async (request) => {
    const rows = await db
      .select()
      .from(reports)
      .where(and(eq(reports.userId, currentUser(request).id), published(reports)))
      .orderBy(desc(reports.createdAt));
    return success(rows.map(publicReport));
  });
};
