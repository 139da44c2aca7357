import multipart from "@fastify/multipart";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  type JobDeliverableFields,
  jobDeliverableFieldsSchema,
  mediaUploadFieldsSchema,
  reportUploadFieldsSchema,
  UPLOAD_VALIDATION_MESSAGE,
} from "@common/admin-uploads";
import { mediaItemAnswerSchema } from "@common/contract/media";
import { reportCreatedSchema } from "@common/contract/reports";
import { MB, MEDIA_MAX_FILE_MB } from "@common/uploads";
import { fieldErrorsOf } from "@common/validation";
import type { Database } from "../../db/client";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import { answers, success } from "../../http/answers";
import { HttpError } from "../../http/errors";
import type { Notifier } from "../../jobs/notifier";
import type { TaskQueue } from "../../queue/queue";
import type { Storage } from "../../storage/storage";
import { jobOwnerOf, writeJobMedia, writeJobReport, writeMedia, writeReport } from "../../deliverables/write-deliverables";
import { receiveUpload, type ReceivedUpload } from "../../uploads/receive-upload";
import { idParams } from "../../http/id-params";

/** The body of an upload route, for the API document: multipart fields are read as the file streams in, not by a body schema. */
const multipartOf = (fields: z.ZodObject, file: string) => `multipart/form-data: ${Object.keys(fields.shape).join(", ")}, and ${file} as \`file\`.`;
const MEDIA_FILE = `an image or video up to ${MEDIA_MAX_FILE_MB} MB`;

const fieldError = (errors: Record<string, string>) => new HttpError(400, UPLOAD_VALIDATION_MESSAGE, errors);

const JOB_UPLOAD =
  "The job names the customer and the service: no `userId` or `serviceId`; `description` may be empty. Fields come before the file: they and the job are checked before a byte is stored. " +
  "400 names the field; 404 for an unknown job, 409 for a cancelled or closed one, 413 over the size limit, 415 for a file of the wrong type. Held from the customer until the job is delivered.";

function jobDeliverableFields(sent: Record<string, string>): JobDeliverableFields {
  const parsed = jobDeliverableFieldsSchema.safeParse(sent);
  if (!parsed.success) throw fieldError(fieldErrorsOf(parsed.error.issues));
  return parsed.data;
}

/** Validates the text fields after the file is stored; on any refusal the file goes too. */
async function withFields<S extends z.ZodType, T>(upload: ReceivedUpload, schema: S, write: (fields: z.infer<S>) => Promise<T>): Promise<T> {
  try {
    const parsed = schema.safeParse(upload.fields);
    if (!parsed.success) throw fieldError(fieldErrorsOf(parsed.error.issues));
    return await write(parsed.data);
  } catch (error) {
    await upload.discard();
    throw error;
  }
}

export const adminUploadRoutes: FastifyPluginAsync<{ db: Database; storage: Storage; notifier: Notifier; queue: Pick<TaskQueue, "send"> }> = async (
  base,
  { db, storage, notifier, queue },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Here only: the plugin's request hooks would otherwise run on every request of the site.
  // Each upload route sets its own file size limit; this is the ceiling.
  await app.register(multipart, { limits: { fileSize: MEDIA_MAX_FILE_MB * MB, files: 1 } });

  /** POST /api/admin/reports — admins: one PDF, Word or image file for a customer. */
  app.post(
    "/api/admin/reports",
    {
      preValidation: requireAdmin,
      schema: { description: multipartOf(reportUploadFieldsSchema, "a PDF, Word or image file"), response: answers({ 201: reportCreatedSchema }) },
    },
    async (request, reply) => {
      const upload = await receiveUpload(request, storage, "report");
      const report = await withFields(upload, reportUploadFieldsSchema, (fields) => writeReport(db, notifier, fields, upload.file));
      await report.announce();
      return reply.code(201).send(success(report.data));
    },
  );

  const storeMedia = async (request: FastifyRequest) => {
    const admin = currentUser(request);
    const upload = await receiveUpload(request, storage, "media");
    const item = await withFields(upload, mediaUploadFieldsSchema, (fields) =>
      writeMedia({ db, notifier, queue, log: request.log }, admin.id, fields, upload.file),
    );
    await item.announce();
    return success(item.data);
  };

  /** POST /api/admin/media — admins: one image or video (up to 1000 MB) for a customer. */
  app.post(
    "/api/admin/media",
    {
      preValidation: requireAdmin,
      schema: { description: multipartOf(mediaUploadFieldsSchema, MEDIA_FILE), response: answers({ 201: mediaItemAnswerSchema }) },
    },
    async (request, reply) => reply.code(201).send(await storeMedia(request)),
  );

  /** POST /api/admin/jobs/:id/reports — admins: one PDF, Word or image file for the job, as large as a media file (a report with its images). */
  app.post(
    "/api/admin/jobs/:id/reports",
    {
      preValidation: requireAdmin,
      schema: {
        description: `${multipartOf(jobDeliverableFieldsSchema, `a PDF, Word or image file up to ${MEDIA_MAX_FILE_MB} MB`)} ${JOB_UPLOAD}`,
        params: idParams,
        response: answers({ 201: reportCreatedSchema }),
      },
    },
    async (request, reply) => {
      const jobId = request.params.id;
      const upload = await receiveUpload(request, storage, "jobReport", {
        beforeFile: async (sent) => void (jobDeliverableFields(sent), await jobOwnerOf(db, jobId)),
      });
      const report = await withFields(upload, jobDeliverableFieldsSchema, (fields) => writeJobReport(db, notifier, jobId, fields, upload.file));
      await report.announce();
      return reply.code(201).send(success(report.data));
    },
  );

  /** POST /api/admin/jobs/:id/media — admins: one image or video (up to 1000 MB) for the job, private to its customer. */
  app.post(
    "/api/admin/jobs/:id/media",
    {
      preValidation: requireAdmin,
      schema: {
        description: `${multipartOf(jobDeliverableFieldsSchema, MEDIA_FILE)} ${JOB_UPLOAD}`,
        params: idParams,
        response: answers({ 201: mediaItemAnswerSchema }),
      },
    },
    async (request, reply) => {
      const jobId = request.params.id;
      const upload = await receiveUpload(request, storage, "media", {
        beforeFile: async (sent) => void (jobDeliverableFields(sent), await jobOwnerOf(db, jobId)),
      });
      const item = await withFields(upload, jobDeliverableFieldsSchema, (fields) =>
        writeJobMedia({ db, notifier, queue, log: request.log }, jobId, fields, upload.file),
      );
      await item.announce();
      return reply.code(201).send(success(item.data));
    },
  );

  /** POST /api/upload-media — admins: the gallery upload (docs/product.md §7); same rules as above. */
  app.post(
    "/api/upload-media",
    {
      preValidation: requireAdmin,
      schema: { description: multipartOf(mediaUploadFieldsSchema, MEDIA_FILE), response: answers({ 201: mediaItemAnswerSchema }) },
    },
    async (request, reply) => reply.code(201).send(await storeMedia(request)),
  );
};
