import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { jobListSchema, jobWrittenSchema } from "@common/contract/jobs";
import { createJobSchema, JOB_STATUS_LABELS, JOB_STATUSES, updateJobSchema } from "@common/jobs";
import { MAX_ID } from "@common/validation";
import type { Database } from "../../db/client";
import { currentUser, requireAdmin, requireStaff } from "../../auth/session-hook";
import { answers, success } from "../../http/answers";
import { createJob, moveJob } from "../../jobs/move-job";
import { listJobs } from "../../jobs/read-jobs";
import type { Notifier } from "../../mail/notifications";
import { jobDetail, jobIdParams } from "../jobs";

const optionalId = z.coerce.number().int().positive().max(MAX_ID).optional();
const filters = z.object({
  status: z.enum(JOB_STATUSES, { message: `status must be one of ${JOB_STATUSES.join(", ")}` }).optional(),
  userId: optionalId,
  serviceId: optionalId,
  pilotId: optionalId,
  q: z.string().trim().max(200).optional(),
});

export const adminJobRoutes: FastifyPluginAsync<{ db: Database; notifier: Notifier }> = async (base, { db, notifier }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/admin/jobs — an admin: every job; a pilot: the jobs assigned to them. Newest first, filtered. */
  app.get("/api/admin/jobs", { preValidation: requireStaff, schema: { querystring: filters, response: answers({ 200: jobListSchema }) } }, async (request) =>
    success(await listJobs(db, { staff: currentUser(request) }, request.query)),
  );

  /** POST /api/admin/jobs { userId, serviceId, title, site } — an admin opens a job for a customer. */
  app.post("/api/admin/jobs", { preValidation: requireAdmin, schema: { body: createJobSchema, response: answers({ 201: jobWrittenSchema }) } }, async (request, reply) => {
    const admin = currentUser(request);
    const id = await createJob(db, admin, request.body);
    return reply.code(201).send({ ...success(await jobDetail(db, admin, id)), message: "Job opened" });
  });

  /**
   * PATCH /api/admin/jobs/:id { status, … } — moves the job (an admin: every legal move; a pilot:
   * scheduled → flown → processing → delivered on their own jobs). An illegal move is a 409.
   */
  app.patch(
    "/api/admin/jobs/:id",
    {
      preValidation: requireStaff,
      schema: {
        description: "A pilot may move only the jobs assigned to them, and only scheduled → flown, flown → processing, processing → delivered (403 otherwise; 404 for a job not theirs).",
        params: jobIdParams,
        body: updateJobSchema,
        response: answers({ 200: jobWrittenSchema }),
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { status, reason } = request.body;
      const { from } = await moveJob(db, actor, request.params.id, request.body);
      // Mailed once the move is committed: the queue is never called inside a transaction (server/queue/queue.ts).
      if (status === "scheduled") await notifier.jobScheduled(request.params.id, from === "scheduled" ? reason : null);
      if (status === "delivered") await notifier.jobDelivered(request.params.id);
      return { ...success(await jobDetail(db, actor, request.params.id)), message: `Job ${JOB_STATUS_LABELS[request.body.status].toLowerCase()}` };
    },
  );
};
