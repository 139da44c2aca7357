import { z } from "zod";
import { id, isoDate, listOf, successMessageSchema, successOf } from "./wire";

/**
 * A document a customer sent for their job. Its file by its URL (served with the same
 * check as the list), never where it is stored.
 */
export const jobDocumentSchema = z.object({
  id,
  jobId: id,
  /** Who sent it: the job's customer. */
  userId: id,
  title: z.string(),
  /** The file's name on the customer's computer; a download is saved under it. */
  originalName: z.string(),
  /** The type read from the file's bytes. */
  contentType: z.string(),
  /** Bytes. */
  size: z.number().int(),
  fileUrl: z.string(),
  createdAt: isoDate,
});
export type JobDocument = z.input<typeof jobDocumentSchema>;

/** GET /api/jobs/:id/documents, newest first. */
export const jobDocumentListSchema = listOf(jobDocumentSchema);

/** POST /api/jobs/:id/documents. */
export const jobDocumentCreatedSchema = successOf(jobDocumentSchema);

/** DELETE /api/jobs/:id/documents/:docId. */
export const jobDocumentDeletedSchema = successMessageSchema;
