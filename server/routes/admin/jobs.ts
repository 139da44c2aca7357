import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { jobListSchema, jobWrittenSchema } from "@common/contract/jobs";
import { createJobSchema, jobFiltersSchema, updateJobDetailsSchema, updateJobSchema } from "@common/jobs";
import { JOB_STATUS_LABELS } from "@common/job-status";
import type { Database } from "../../db/client";
import { currentUser, requireAdmin, requireStaff } from "../../auth/session-hook";
import { answers, success } from "../../http/answers";
import { createJob, moveJob, updateJobDetails } from "../../jobs/move-job";
import { listJobs } from "../../jobs/read-jobs";
import type { Notifier } from "../../jobs/notifier";
import { jobDetail } from "../../jobs/job-detail";
import { idParams } from "../../http/id-params";
import type { BillingSource } from "../../billing/settings";

export const adminJobRoutes: FastifyPluginAsync<{ db: Database; notifier: Notifier; billing: BillingSource }> = async (base, { db, notifier, billing }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /**
   * GET /api/admin/jobs — an admin: every job; a pilot: the jobs assigned to them. Newest first,
   * filtered by state, customer, service, pilot, words, and the days the flight window starts on.
   */
  app.get(
    "/api/admin/jobs",
    { preValidation: requireStaff, schema: { querystring: jobFiltersSchema, response: answers({ 200: jobListSchema }) } },
    async (request) => success(await listJobs(db, { staff: currentUser(request) }, request.query)),
  );

  /** POST /api/admin/jobs { userId, serviceId, title, site } — an admin opens a job for a customer. */
  app.post(
    "/api/admin/jobs",
    { preValidation: requireAdmin, schema: { body: createJobSchema, response: answers({ 201: jobWrittenSchema }) } },
    async (request, reply) => {
      const admin = currentUser(request);
      const id = await createJob(db, admin, request.body);
      return reply.code(201).send({ ...success(await jobDetail(db, admin, id)), message: "Job opened" });
    },
  );

  /**
   * PATCH /api/admin/jobs/:id { status, … } — moves the job (an admin: every legal move; a pilot:
   * scheduled → flown → processing → delivered on their own jobs). An illegal move is a 409, and so
   * is accepting a quote's job while its quote is pending (docs/product.md §10), and scheduling a job
   * whose estimate is not accepted or whose deposit is unpaid, or (scheduling and rescheduling) whose
   * pilot's certificate, aircraft or insurance is not current on the flight's day, without an
   * override reason (docs/decisions/0026-quote-to-cash.md, docs/decisions/0068-operator-records.md).
   */
  app.patch(
    "/api/admin/jobs/:id",
    {
      preValidation: requireStaff,
      schema: {
        description:
          "A pilot may move only the jobs assigned to them, and only scheduled → flown, flown → processing, processing → delivered (403 otherwise; 404 for a job not theirs). A quote's job whose quote is pending is accepted by approving the quote (409 here); cancelling it declines that quote. Scheduling a job with an estimate answers 409 (errors.estimate, errors.deposit) until its latest revision is accepted and its deposit paid; scheduling and rescheduling answer 409 naming each record not current on the flight's day (the business's calendar): errors.certificate (the pilot's newest certificate of a type they hold has lapsed; no certificate recorded is only a warning), errors.aircraft (aircraftId grounded, unregistered or its registration expired), errors.insurance (the customer's required limit above every policy in force). All are named together; an admin's overrideReason schedules anyway, kept in the job's history with what it overrode. An unknown aircraftId is a 400. Marking flown answers 409 under errors.checklist naming each blocker of the job's pre-flight checklist not ticked (GET …/preflight-checklist); an admin's overrideReason records the flight anyway, kept in the history with the blockers it passed; the checklist is then kept with the flight. Rescheduling clears the checklist's ticks.",
        params: idParams,
        body: updateJobSchema,
        response: answers({ 200: jobWrittenSchema }),
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { status, reason } = request.body;
      const { timeZone, currency } = await billing();
      const { from, declinedQuote } = await moveJob(db, actor, request.params.id, request.body, { timeZone, currency });
      // Mailed once the move is committed: the queue is never called inside a transaction (server/queue/queue.ts).
      if (status === "scheduled") await notifier.jobScheduled(request.params.id, from === "scheduled" ? reason : null);
      if (status === "delivered") await notifier.jobDelivered(request.params.id);
      // Cancelling declined the job's pending quote: the customer hears of it as from Decline.
      if (declinedQuote) await notifier.quoteStatusChanged(declinedQuote.id);
      return { ...success(await jobDetail(db, actor, request.params.id)), message: `Job ${JOB_STATUS_LABELS[request.body.status].toLowerCase()}` };
    },
  );

  /**
   * PATCH /api/admin/jobs/:id/details { title?, site? } — an admin corrects the job's title or site
   * until it is closed or cancelled; the history records what changed.
   */
  app.patch(
    "/api/admin/jobs/:id/details",
    {
      preValidation: requireAdmin,
      schema: {
        description: "A pilot or a customer gets 403, a visitor 401. A closed or cancelled job answers 409.",
        params: idParams,
        body: updateJobDetailsSchema,
        response: answers({ 200: jobWrittenSchema }),
      },
    },
    async (request) => {
      const admin = currentUser(request);
      await updateJobDetails(db, admin, request.params.id, request.body);
      return { ...success(await jobDetail(db, admin, request.params.id)), message: "Job updated" };
    },
  );
};
