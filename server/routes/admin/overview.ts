import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminOverviewAnswerSchema } from "@common/contract/overview";
import type { BillingRouteOptions } from "../../payments/provider";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import { backOfficeOverview } from "../../follow-up/back-office-overview";
import { answers, success } from "../../http/answers";

/** GET /api/admin/overview (docs/decisions/0057-back-office-home.md): the back office's home. */
export const adminOverviewRoutes: FastifyPluginAsync<Pick<BillingRouteOptions, "db" | "billing">> = async (base, { db, billing }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/admin/overview",
    {
      preValidation: requireAdmin,
      schema: {
        description:
          "Admins only (401 visitors, 403 customers and pilots): quote requests waiting for an answer, estimates waiting for the customer, money owed and overdue, deposits received this month in the business's time zone, jobs flown or processing, open critical findings and the next 7 days' flights by pilot, in cents, each with the back-office address of the list behind it.",
        response: answers({ 200: adminOverviewAnswerSchema }),
      },
    },
    async (request) => {
      const { timeZone, currency } = await billing();
      return success(await backOfficeOverview(db, currentUser(request), timeZone, currency));
    },
  );
};
