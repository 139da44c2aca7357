import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { backOfficeSearchQuerySchema, searchAnswerSchema } from "@common/contract/search";
import { requireAdmin } from "../../auth/session-hook";
import { searchBackOffice } from "../../customers/back-office-search";
import type { Database } from "../../db/client";
import { answers, success } from "../../http/answers";

/** GET /api/admin/search?q= (admins): the back office's search box across jobs, customers and invoices. */
export const adminSearchRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/admin/search",
    {
      preValidation: requireAdmin,
      schema: {
        description:
          "Admins only: a pilot or a customer gets 403, a visitor 401. A few jobs, customers and invoices holding the words, newest first, each with the back-office page it opens; 400 for fewer than 2 characters.",
        querystring: backOfficeSearchQuerySchema,
        response: answers({ 200: searchAnswerSchema }),
      },
    },
    async (request) => success(await searchBackOffice(db, request.query.q)),
  );
};
