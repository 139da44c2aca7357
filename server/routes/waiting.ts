import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { waitingListSchema, waitingQuerySchema } from "@common/contract/waiting";
import type { BillingRouteOptions } from "../payments/provider";
import { currentUser, requireUser } from "../auth/session-hook";
import { answers, success } from "../http/answers";
import { whatWaits } from "../follow-up/what-waits";

/**
 * GET /api/waiting — what waits for the caller on their own jobs, as GET /api/jobs lists their own
 * jobs whatever their role: an admin or a pilot gets the items of jobs they are the customer of
 * (usually none), never another customer's; the back office has its own lists
 * (docs/decisions/0049-what-waits-for-a-customer.md).
 */
export const waitingRoutes: FastifyPluginAsync<Pick<BillingRouteOptions, "db" | "billing">> = async (base, { db, billing }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/waiting",
    {
      preValidation: requireUser,
      schema: {
        description:
          "What waits for the caller on their own jobs, the most pressing first; ?jobId= narrows to one job (another person's job has nothing here). Any signed-in person gets their own (an admin or pilot: the jobs they are the customer of); a visitor gets 401.",
        querystring: waitingQuerySchema,
        response: answers({ 200: waitingListSchema }),
      },
    },
    async (request) => success(await whatWaits(db, (await billing()).timeZone, currentUser(request).id, request.query.jobId)),
  );
};
