import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { accountFiltersSchema } from "@common/auth";
import { customerDetailAnswerSchema, customerListSchema } from "@common/contract/customers";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import { accountDetail, listAccounts } from "../../customers/read-customers";
import type { Database } from "../../db/client";
import { answers, success } from "../../http/answers";
import { idParams } from "../../http/id-params";

/** The back office's Customers (docs/product.md §2), admins only: who the accounts are and what business each brings. */
export const adminCustomerRoutes: FastifyPluginAsync<{ db: Database }> = async (base, { db }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", requireAdmin);

  /** GET /api/admin/customers?role=&q= — the accounts of one role (customers by default), the latest active first. */
  app.get("/api/admin/customers", { schema: { querystring: accountFiltersSchema, response: answers({ 200: customerListSchema }) } }, async (request) =>
    success(await listAccounts(db, request.query)),
  );

  /** GET /api/admin/customers/:id — the account with its jobs, reports and media (held ones too), quotes and payments. */
  app.get(
    "/api/admin/customers/:id",
    {
      schema: {
        description: "Any account, whatever its role; 404 for no such account.",
        params: idParams,
        response: answers({ 200: customerDetailAnswerSchema }),
      },
    },
    async (request) => success(await accountDetail(db, currentUser(request), request.params.id)),
  );
};
