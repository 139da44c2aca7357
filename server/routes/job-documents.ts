import multipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { jobDocumentCreatedSchema, jobDocumentDeletedSchema, jobDocumentListSchema } from "@common/contract/job-documents";
import { type JobDocumentFields, jobDocumentFieldsSchema, jobDocumentMessages } from "@common/job-documents";
import { MB, UPLOAD_KINDS } from "@common/uploads";
import { fieldErrorsOf, MAX_ID } from "@common/validation";
import { currentUser, requireUser } from "../auth/session-hook";
import type { Database } from "../db/client";
import { answers, fileAnswers, success } from "../http/answers";
import { HttpError } from "../http/errors";
import { assertMaySend, deleteDocument, findDocument, insertDocument, listDocuments, publicDocument } from "../jobs/documents";
import type { Notifier } from "../jobs/notifier";
import { sendStoredFile } from "../media/send-file";
import type { Storage } from "../storage/storage";
import { receiveUpload } from "../uploads/receive-upload";
import { idParams } from "../http/id-params";

const documentParams = idParams.extend({ docId: z.coerce.number().int().positive().max(MAX_ID) });

const { maxMb, label } = UPLOAD_KINDS.jobDocument;
const READERS = "The job's customer, its pilot and the admins; anyone else gets 404, a visitor 401.";
const UPLOAD_DESCRIPTION =
  `The job's customer only (its pilot and the admins get 403: the back office has its own uploads; anyone else 404, a visitor 401). ` +
  `multipart/form-data: \`title\`, then one file as \`file\` (${label}; up to ${maxMb} MB), told by its bytes, not its name. ` +
  "400 names the field (`title`, `file`); 409 for a cancelled or closed job; 413 over the size limit; 415 for any other content. A refused upload leaves nothing stored. The admins and the job's pilot get a mail.";
const DELETE_DESCRIPTION =
  "The customer who sent it while the job is neither cancelled nor closed (409 after that), and the admins at any time; the job's pilot gets 403, anyone else 404, a visitor 401. Deletes the row and its file.";

function parseFields(sent: Record<string, string>): JobDocumentFields {
  const parsed = jobDocumentFieldsSchema.safeParse(sent);
  if (parsed.success) return parsed.data;
  const errors = fieldErrorsOf(parsed.error.issues);
  throw new HttpError(400, Object.values(errors)[0] ?? jobDocumentMessages.title, errors);
}

/**
 * The documents a customer sends for their job (site plans, previous reports, as-built
 * drawings): POST (streamed and checked by content as the admins' uploads are), the list, each
 * file, and DELETE.
 */
export const jobDocumentRoutes: FastifyPluginAsync<{ db: Database; storage: Storage; notifier: Notifier }> = async (base, { db, storage, notifier }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Here only, as for the other uploads: the plugin's hooks would otherwise run on every request of the site.
  await app.register(multipart, { limits: { fileSize: maxMb * MB, files: 1 } });

  /** POST /api/jobs/:id/documents — the job's customer: a title and one file. */
  app.post(
    "/api/jobs/:id/documents",
    { preValidation: requireUser, schema: { description: UPLOAD_DESCRIPTION, params: idParams, response: answers({ 201: jobDocumentCreatedSchema }) } },
    async (request, reply) => {
      const customer = currentUser(request);
      const jobId = request.params.id;
      // Before the body is read: a document for a job that is not the caller's, or is over, stores nothing.
      await assertMaySend(db, customer, jobId);
      let fields: JobDocumentFields | undefined;
      const upload = await receiveUpload(request, storage, "jobDocument", {
        beforeFile: (sent) => {
          fields = parseFields(sent);
        },
      });
      try {
        const { title } = fields ?? parseFields(upload.fields);
        const row = await insertDocument(db, { jobId, userId: customer.id, title, file: upload.file });
        await notifier.jobDocument(row.id);
        return reply.code(201).send(success(publicDocument(row)));
      } catch (error) {
        await upload.discard();
        throw error;
      }
    },
  );

  /** GET /api/jobs/:id/documents — the job's documents, newest first. */
  app.get(
    "/api/jobs/:id/documents",
    { preValidation: requireUser, schema: { description: `${READERS} Newest first.`, params: idParams, response: answers({ 200: jobDocumentListSchema }) } },
    async (request) => {
      const rows = await listDocuments(db, currentUser(request), request.params.id);
      return success(rows.map(publicDocument));
    },
  );

  /** GET /api/jobs/:id/documents/:docId/file — the file, always as a download under its original name. */
  app.get(
    "/api/jobs/:id/documents/:docId/file",
    {
      preValidation: requireUser,
      schema: {
        description: `${READERS} Always an attachment, saved under the file's original name; Range is supported.`,
        params: documentParams,
        response: fileAnswers,
      },
    },
    async (request, reply) => {
      const { document } = await findDocument(db, currentUser(request), request.params.id, request.params.docId);
      return sendStoredFile(request, reply, storage, {
        key: document.storageKey,
        contentType: document.contentType,
        title: document.title,
        isPublic: false,
        attachmentName: document.originalName,
      });
    },
  );

  /** DELETE /api/jobs/:id/documents/:docId — its sender while the job is open, or an admin. */
  app.delete(
    "/api/jobs/:id/documents/:docId",
    { preValidation: requireUser, schema: { description: DELETE_DESCRIPTION, params: documentParams, response: answers({ 200: jobDocumentDeletedSchema }) } },
    async (request) => {
      await deleteDocument(db, storage, currentUser(request), request.params.id, request.params.docId);
      return { success: true as const, message: jobDocumentMessages.deleted };
    },
  );
};
