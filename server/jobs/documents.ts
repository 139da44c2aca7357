import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { jobDocumentSchema } from "@common/contract/job-documents";
import { jobDocumentMessages } from "@common/job-documents";
import { takesDocuments } from "@common/job-status";
import type { Database } from "../db/client";
import { jobDocuments, jobs } from "../db/schema";
import { DomainError } from "../domain-errors";
import type { Storage } from "../storage/storage";
import { type Actor, findVisibleJob } from "./read-jobs";

type DocumentRow = typeof jobDocuments.$inferSelect;
type JobRow = typeof jobs.$inferSelect;

/** Files are never public by path: each is served by its job and id with the same check as the list. */
const documentFileUrl = (row: Pick<DocumentRow, "id" | "jobId">): string => `/api/jobs/${row.jobId}/documents/${row.id}/file`;

/** The only shape in which a document row leaves the server: field by field, so its storage key never does. */
export function publicDocument(row: DocumentRow): z.output<typeof jobDocumentSchema> {
  return {
    id: row.id,
    jobId: row.jobId,
    userId: row.userId,
    title: row.title,
    originalName: row.originalName,
    contentType: row.contentType,
    size: row.size,
    fileUrl: documentFileUrl(row),
    createdAt: row.createdAt,
  };
}

function assertTakesDocuments(job: Pick<JobRow, "status">): void {
  if (!takesDocuments(job.status)) throw new DomainError("conflict", jobDocumentMessages.settled(job.status));
}

/**
 * Before a byte of the file is read: the job is the actor's own (another's, or one that does not
 * exist, is not found; its pilot and the admins see it but send nothing here) and not over.
 */
export async function assertMaySend(db: Database, actor: Actor, jobId: number): Promise<void> {
  const job = await findVisibleJob(db, actor, jobId);
  if (job.userId !== actor.id) throw new DomainError("forbidden", jobDocumentMessages.customerOnly);
  assertTakesDocuments(job);
}

export interface NewDocument {
  jobId: number;
  userId: number;
  title: string;
  file: { key: string; size: number; contentType: string; originalName: string };
}

/**
 * Writes the document's row. The job is read again under a share lock: an upload of 100 MB may have
 * begun before the job was cancelled or closed, and a move waits for this insert, or it for the move.
 */
export async function insertDocument(db: Database, { jobId, userId, title, file }: NewDocument): Promise<DocumentRow> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId)).for("share");
    if (!job) throw new DomainError("not-found", jobDocumentMessages.notFound);
    assertTakesDocuments(job);
    const [row] = await tx
      .insert(jobDocuments)
      .values({ jobId, userId, title, originalName: file.originalName, storageKey: file.key, contentType: file.contentType, size: file.size })
      .returning();
    if (!row) throw new Error("insert returned no document");
    return row;
  });
}

/** GET /api/jobs/:id/documents: the job's documents, newest first, for those who may see the job. */
export async function listDocuments(db: Database, actor: Actor, jobId: number): Promise<DocumentRow[]> {
  await findVisibleJob(db, actor, jobId);
  return db.select().from(jobDocuments).where(eq(jobDocuments.jobId, jobId)).orderBy(desc(jobDocuments.createdAt), desc(jobDocuments.id));
}

/** One document of a job the actor may see; a document of another job is not found, as if it did not exist. */
export async function findDocument(db: Database, actor: Actor, jobId: number, documentId: number): Promise<{ job: JobRow; document: DocumentRow }> {
  const job = await findVisibleJob(db, actor, jobId);
  const [document] = await db
    .select()
    .from(jobDocuments)
    .where(and(eq(jobDocuments.id, documentId), eq(jobDocuments.jobId, jobId)));
  if (!document) throw new DomainError("not-found", jobDocumentMessages.notFound);
  return { job, document };
}

/**
 * Takes a document back: the customer who sent it while the job is open, an admin at any time (a
 * file sent by mistake). The job's pilot reads documents and deletes none. The row goes first: a
 * file left by a failing store is unreachable, a row without its file would be a broken link.
 */
export async function deleteDocument(db: Database, storage: Storage, actor: Actor, jobId: number, documentId: number): Promise<void> {
  const { job, document } = await findDocument(db, actor, jobId, documentId);
  if (actor.role !== "admin") {
    if (document.userId !== actor.id) throw new DomainError("forbidden", jobDocumentMessages.deleteForbidden);
    assertTakesDocuments(job);
  }
  await db.delete(jobDocuments).where(eq(jobDocuments.id, document.id));
  await storage.delete(document.storageKey);
}
