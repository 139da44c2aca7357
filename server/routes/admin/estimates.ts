import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { calendarDateIn } from "@common/calendar-date";
import { estimateAnswerSchema } from "@common/contract/estimates";
import { estimateSchema, estimateShapeSchema } from "@common/estimates";
import { fieldErrorsOf } from "@common/validation";
import type { BillingRouteOptions } from "../../payments/provider";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import { readEstimate } from "../../estimates/read-estimates";
import { sendEstimate } from "../../estimates/send-estimate";
import { answers, success } from "../../http/answers";
import { HttpError } from "../../http/errors";
import { mailEstimateSent } from "../../estimates/estimate-mails";

/** POST /api/admin/estimates (admins): send or revise a job's estimate. */
export const adminEstimateRoutes: FastifyPluginAsync<BillingRouteOptions> = async (base, deps) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

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
        body: estimateShapeSchema,
        response: answers({ 201: estimateAnswerSchema }),
      },
    },
    async (request, reply) => {
      const admin = currentUser(request);
      const billing = await deps.billing();
      // The fields were checked by the route's schema; the rules between them here, at the tax rate and on the
      // business's day in effect now. Every figure is computed on the server, any total the browser sends is dropped.
      const checked = estimateSchema({ taxRateBasisPoints: billing.taxRateBasisPoints, today: () => calendarDateIn(billing.timeZone) }).safeParse(request.body);
      if (!checked.success) {
        const errors = fieldErrorsOf(checked.error.issues);
        throw new HttpError(400, Object.values(errors)[0] ?? "Invalid estimate", errors);
      }
      const id = await sendEstimate(db, billing, admin, checked.data);
      // After the commit: the queue is never called inside a transaction; a mail that cannot be queued never fails the send.
      await mailEstimateSent({ ...deps, billing }, id).catch((error: unknown) => request.log.error({ err: error }, "estimate mail could not be queued"));
      return reply.code(201).send(success(await readEstimate(db, billing.timeZone, id, admin)));
    },
  );
};
