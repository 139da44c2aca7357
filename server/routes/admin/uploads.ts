import multipart from "@fastify/multipart";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { mediaUploadFieldsSchema, reportUploadFieldsSchema, UPLOAD_VALIDATION_MESSAGE } from "@common/admin-uploads";
import { mediaItemAnswerSchema } from "@common/contract/media";
import { reportCreatedSchema } from "@common/contract/reports";
import { MB, MEDIA_MAX_FILE_MB } from "@common/uploads";
import { fieldErrorsOf } from "@common/validation";
import type { Database } from "../../db/client";
import { jobs, media, reports, services, users } from "../../db/schema";
import { currentUser, requireAdmin } from "../../auth/session-hook";
import { answers, success } from "../../http/answers";
import { HttpError } from "../../http/errors";
import { isPublishedState } from "../../jobs/read-jobs";
import type { Notifier } from "../../mail/notifications";
import { queueVideoPoster } from "../../media/video/poster-job";
import type { JobQueue } from "../../queue/queue";
import type { Storage } from "../../storage/storage";
import { receiveUpload, type ReceivedUpload } from "../../uploads/receive-upload";
import { publicMedia, publicReport } from "../../media/public-rows";

/** The body of an upload route, for the API document: multipart fields are read as the file streams in, not by a body schema. */
const multipartOf = (fields: z.ZodObject, file: string) => `multipart/form-data: ${Object.keys(fields.shape).join(", ")}, and ${file} as \`file\`.`;
const MEDIA_FILE = `an image or video up to ${MEDIA_MAX_FILE_MB} MB`;

const fieldError = (errors: Record<string, string>) => new HttpError(400, UPLOAD_VALIDATION_MESSAGE, errors);

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

/** Checks the form's customer, service and job; answers whether the upload is held from its customer (its job not yet delivered). */
async function assertOwnerAndService(db: Database, userId: number, serviceId: number, jobId: number | undefined): Promise<{ held: boolean }> {
  const [[user], [service], [job]] = await Promise.all([
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)),
    db.select({ id: services.id }).from(services).where(eq(services.id, serviceId)),
    jobId === undefined ? [] : db.select({ userId: jobs.userId, status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)),
  ]);
  if (!user) throw fieldError({ userId: "No such user" });
  if (!service) throw fieldError({ serviceId: "No such service" });
  if (jobId === undefined) return { held: false };
  if (!job) throw fieldError({ jobId: "No such job" });
  // A job's deliverables are its customer's: a job of someone else is a mistake in the form, not a transfer.
  if (job.userId !== userId) throw fieldError({ jobId: "This job belongs to another customer" });
  return { held: !isPublishedState(job.status) };
}

export const adminUploadRoutes: FastifyPluginAsync<{ db: Database; storage: Storage; notifier: Notifier; queue: Pick<JobQueue, "send"> }> = async (base, { db, storage, notifier, queue }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Here only: the plugin's request hooks would otherwise run on every request of the site.
  // Each upload route sets its own file size limit; this is the ceiling.
  await app.register(multipart, { limits: { fileSize: MEDIA_MAX_FILE_MB * MB, files: 1 } });

  /** POST /api/admin/reports — admins: one PDF, Word or image file for a customer. */
  app.post("/api/admin/reports", { preValidation: requireAdmin, schema: { description: multipartOf(reportUploadFieldsSchema, "a PDF, Word or image file"), response: answers({ 201: reportCreatedSchema }) } }, async (request, reply) => {
    const upload = await receiveUpload(request, storage, "report");
    const row = await withFields(upload, reportUploadFieldsSchema, async (fields) => {
      const { held } = await assertOwnerAndService(db, fields.userId, fields.serviceId, fields.jobId);
      const [inserted] = await db
        .insert(reports)
        .values({ ...fields, storageKey: upload.file.key, contentType: upload.file.contentType, size: upload.file.size })
        .returning();
      if (!inserted) throw new Error("insert returned no report");
      return { ...inserted, held };
    });
    // A held item is announced when its job is delivered, not now.
    if (!row.held) await notifier.delivered(row.userId, "report", row.title);
    return reply.code(201).send(success(publicReport(row)));
  });

  const storeMedia = async (request: FastifyRequest) => {
    const admin = currentUser(request);
    const upload = await receiveUpload(request, storage, "media");
    const row = await withFields(upload, mediaUploadFieldsSchema, async (fields) => {
      const userId = fields.userId === "admin" ? admin.id : fields.userId;
      const { held } = await assertOwnerAndService(db, userId, fields.serviceId, fields.jobId);
      const [inserted] = await db
        .insert(media)
        .values({ ...fields, userId, storageKey: upload.file.key, fileType: upload.file.contentType, size: upload.file.size })
        .returning();
      if (!inserted) throw new Error("insert returned no media");
      return { ...inserted, held };
    });
    await queueVideoPoster(queue, request.log, row);
    if (!row.held) await notifier.delivered(row.userId, "media", row.title);
    return success(publicMedia(row));
  };

  /** POST /api/admin/media — admins: one image or video (up to 1000 MB) for a customer. */
  app.post("/api/admin/media", { preValidation: requireAdmin, schema: { description: multipartOf(mediaUploadFieldsSchema, MEDIA_FILE), response: answers({ 201: mediaItemAnswerSchema }) } }, async (request, reply) => reply.code(201).send(await storeMedia(request)));

  /** POST /api/upload-media — admins: the gallery upload (docs/product.md §7); same rules as above. */
  app.post("/api/upload-media", { preValidation: requireAdmin, schema: { description: multipartOf(mediaUploadFieldsSchema, MEDIA_FILE), response: answers({ 201: mediaItemAnswerSchema }) } }, async (request, reply) => reply.code(201).send(await storeMedia(request)));
};
