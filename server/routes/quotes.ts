import { desc, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { quoteListSchema } from "@common/contract/quotes";
import { quotesAsBilled } from "../billing/job-amounts";
import type { Database } from "../db/client";
import { quotes } from "../db/schema";
import { currentUser, requireUser } from "../auth/session-hook";
import { answers, success } from "../http/answers";

/** What a quote looks like in every list, the customer's and the admins'. */
export const quoteColumns = {
  id: quotes.id,
  serviceType: quotes.serviceType,
  description: quotes.description,
  budget: quotes.budget,
  timeline: quotes.timeline,
  status: quotes.status,
  price: quotes.price,
  declineReason: quotes.declineReason,
  /** Paid through checkout: the Pay button gives way to "Paid". */
  // Spelled out: inside a one-table select Drizzle leaves columns unqualified, and "id" would mean the payment's.
  paid: sql<boolean>`exists (select 1 from "payments" where "payments"."quote_id" = "quotes"."id" and "payments"."status" = 'succeeded')`.mapWith(Boolean),
  createdAt: quotes.createdAt,
};

export const quoteRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/quotes — a customer: their own quote requests with their status. */
  app.get("/api/quotes", { preValidation: requireUser, schema: { response: answers({ 200: quoteListSchema }) } }, async (request) => {
    const rows = await db
      .select(quoteColumns)
      .from(quotes)
      .where(eq(quotes.userId, currentUser(request).id))
      .orderBy(desc(quotes.createdAt), desc(quotes.id));
    return success(await quotesAsBilled(db, rows));
  });
};
