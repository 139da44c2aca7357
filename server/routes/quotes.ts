import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { quoteListSchema } from "@common/contract/quotes";
import type { Database } from "../db/client";
import { currentUser, requireUser } from "../auth/session-hook";
import { answers, success } from "../http/answers";
import { customerQuotes } from "../jobs/read-quotes";

export const quoteRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/quotes — a customer: their own quote requests with their status. */
  app.get("/api/quotes", { preValidation: requireUser, schema: { response: answers({ 200: quoteListSchema }) } }, async (request) => {
    return success(await customerQuotes(db, currentUser(request).id));
  });
};
