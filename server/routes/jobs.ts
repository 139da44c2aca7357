import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { jobDetailAnswerSchema, jobListSchema, jobMessageCreatedSchema, jobMessageListSchema } from "@common/contract/jobs";
import { jobMessageInputSchema } from "@common/jobs";
import type { Database } from "../db/client";
import { currentUser, requireUser } from "../auth/session-hook";
import { answers, success } from "../http/answers";
import { HttpError } from "../http/errors";
import { flightCalendar } from "../jobs/calendar";
import { findVisibleJob, listJobs } from "../jobs/read-jobs";
import { listMessages, postMessage } from "../jobs/messages";
import type { Notifier } from "../jobs/notifier";
import { jobDetail } from "../jobs/job-detail";
import { idParams } from "../http/id-params";

const SAME_CALLERS = "The job's customer, its pilot and the admins; anyone else gets 404, a visitor 401.";

export const jobRoutes: FastifyPluginAsync<{ db: Database; notifier: Notifier; publicUrl: string }> = async (base, { db, notifier, publicUrl }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** GET /api/jobs — the caller's own jobs, newest first (a pilot's assigned jobs are in GET /api/admin/jobs). */
  app.get("/api/jobs", { preValidation: requireUser, schema: { response: answers({ 200: jobListSchema }) } }, async (request) =>
    success(await listJobs(db, { owner: currentUser(request).id })),
  );

  /** GET /api/jobs/:id — the job with its timeline, deliverables (the customer's: published ones), quote and payments. */
  app.get(
    "/api/jobs/:id",
    { preValidation: requireUser, schema: { description: SAME_CALLERS, params: idParams, response: answers({ 200: jobDetailAnswerSchema }) } },
    async (request) => success(await jobDetail(db, currentUser(request), request.params.id)),
  );

  /** GET /api/jobs/:id/calendar.ics — the flight window as a calendar event. */
  app.get(
    "/api/jobs/:id/calendar.ics",
    {
      preValidation: requireUser,
      schema: {
        description: `${SAME_CALLERS} 404 while the job has no flight window.`,
        params: idParams,
        response: { ...answers({}), 200: { description: "The flight window as an iCalendar event", content: { "text/calendar": { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const job = await findVisibleJob(db, currentUser(request), request.params.id);
      const calendar = flightCalendar(job, publicUrl);
      if (!calendar) throw new HttpError(404, "This job has no flight window yet");
      return reply.type("text/calendar; charset=utf-8").header("content-disposition", `attachment; filename="job-${job.id}.ics"`).send(calendar);
    },
  );

  /** GET /api/jobs/:id/messages — the job's thread, oldest first. */
  app.get(
    "/api/jobs/:id/messages",
    { preValidation: requireUser, schema: { description: SAME_CALLERS, params: idParams, response: answers({ 200: jobMessageListSchema }) } },
    async (request) => success(await listMessages(db, currentUser(request), request.params.id)),
  );

  /** POST /api/jobs/:id/messages { body } — adds a message to the thread. */
  app.post(
    "/api/jobs/:id/messages",
    {
      preValidation: requireUser,
      schema: { description: SAME_CALLERS, params: idParams, body: jobMessageInputSchema, response: answers({ 201: jobMessageCreatedSchema }) },
    },
    async (request, reply) => {
      const message = await postMessage(db, currentUser(request), request.params.id, request.body.body);
      await notifier.jobMessage(message.id);
      return reply.code(201).send(success(message));
    },
  );
};
