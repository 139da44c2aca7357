import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { quoteListSchema } from "@common/contract/quotes";
import { quotesAsBilled } from "../billing/job-amounts";
import type { Database } from "../db/client";
import { quotes } from "../db/schema";
import { currentUser, requireUser } from "../auth/session-hook";
import { answers, success } from "../http/answers";
import { quoteColumns, withStage } from "../jobs/read-quotes";

export const quoteRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/quotes — a customer: their own quote requests with their status. */
  app.get("/api/quotes", { preValidation: requireUser, schema: { response: answers({ 200: quoteListSchema }) } }, async (request) => {
    const rows = await db
      .select(quoteColumns)
      .from(quotes)
      .where(eq(quotes.userId, currentUser(request).id))
      .orderBy(desc(quotes.createdAt), desc(quotes.id));
    return success((await quotesAsBilled(db, rows)).map(withStage));
  });
};
