import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { calendarDateIn } from "@common/calendar-date";
import { estimateAnswerSchema } from "@common/contract/estimates";
import { estimateSchema } from "@common/estimates";
import type { BillingRouteOptions } from "../../payments/provider";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import { readEstimate } from "../../estimates/read-estimates";
import { sendEstimate } from "../../estimates/send-estimate";
import { answers, success } from "../../http/answers";
import { mailEstimateSent } from "../../estimates/estimate-mails";

/** POST /api/admin/estimates (admins): send or revise a job's estimate. */
export const adminEstimateRoutes: FastifyPluginAsync<BillingRouteOptions> = async (base, deps) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, billing } = deps;
  // The business's tax rate and calendar day: every figure is computed on the server, any total the browser sends is dropped.
  const body = estimateSchema({ taxRateBasisPoints: billing.taxRateBasisPoints, today: () => calendarDateIn(billing.timeZone) });

  /**
   * POST /api/admin/estimates { jobId, lines, discount?, deposit, validUntil, note? } — sends the
   * job's estimate, or revises the one waiting for an answer; the customer gets it by mail with its PDF.
   */
  app.post(
    "/api/admin/estimates",
    {
      preValidation: requireAdmin,
      schema: {
        description:
          "Admins only: a pilot or a customer gets 403, a visitor 401. Prices in cents; the server computes every total. A job that is closed or cancelled, or whose estimate is already accepted, answers 409; the estimate waiting for an answer is superseded by this revision.",
        body,
        response: answers({ 201: estimateAnswerSchema }),
      },
    },
    async (request, reply) => {
      const admin = currentUser(request);
      const id = await sendEstimate(db, billing, admin, request.body);
      // After the commit: the queue is never called inside a transaction; a mail that cannot be queued never fails the send.
      await mailEstimateSent(deps, id).catch((error: unknown) => request.log.error({ err: error }, "estimate mail could not be queued"));
      return reply.code(201).send(success(await readEstimate(db, billing.timeZone, id, admin)));
    },
  );
};
