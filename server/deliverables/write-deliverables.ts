import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { JobDeliverableFields, MediaUploadFields, ReportUploadFields } from "@common/admin-uploads";
import { UPLOAD_VALIDATION_MESSAGE } from "@common/admin-uploads";
import type { MapLayerFields } from "@common/map-layers";
import type { Database } from "../db/client";
import { jobs, media, reports, services, users } from "../db/schema";
import { DomainError } from "../domain-errors";
import { isPublishedState } from "../jobs/read-jobs";
import type { Notifier } from "../jobs/notifier";
import { processLayerTask } from "../map-layers/process-layer-task";
import { publicLayer } from "../map-layers/read-layers";
import { assertOpen, insertLayer, removeLayerRow } from "../map-layers/write-layers";
import { publicMedia, publicReport } from "../media/public-rows";
import { isVideo, queueVideoPoster } from "../media/video/poster-task";
import type { TaskQueue } from "../queue/queue";

/**
 * The rows an admin's upload becomes, written the same way whichever way the file came: a multipart
 * request (routes/admin/uploads.ts, map-layers.ts) or a resumable tus upload (uploads/tus/). The
 * caller has the file stored under its key, checked by content, and removes it when these throw.
 */

/** A file stored under its key, its type read from its bytes. */
export interface StoredUpload {
  key: string;
  size: number;
  contentType: string;
  originalName: string;
}

const fieldError = (errors: Record<string, string>) => new DomainError("invalid", UPLOAD_VALIDATION_MESSAGE, errors);

/** Checks the form's customer, service and job; answers whether the upload is held from its customer (its job not yet delivered). */
export async function assertOwnerAndService(db: Database, userId: number, serviceId: number, jobId: number | undefined): Promise<{ held: boolean }> {
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

/** Who a deliverable uploaded to a job belongs to: the job's customer and its service (none for a quote's job that names none). */
export interface JobOwner {
  jobId: number;
  userId: number;
  serviceId: number | null;
  /** Held from the customer until the job is delivered. */
  held: boolean;
}

/** The customer and service of a job that takes deliverables: 404 for no such job, 409 for one cancelled or closed. */
export async function jobOwnerOf(db: Database, jobId: number): Promise<JobOwner> {
  const [job] = await db.select({ userId: jobs.userId, serviceId: jobs.serviceId, status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
  assertOpen(job);
  return { jobId, userId: job.userId, serviceId: job.serviceId, held: !isPublishedState(job.status) };
}

/** A media form's owner: "admin" (the gallery upload, docs/product.md §6) is the calling admin. */
export const mediaOwnerOf = (fields: Pick<MediaUploadFields, "userId">, adminId: number): number => (fields.userId === "admin" ? adminId : fields.userId);

/**
 * A written row and its announcement, apart: the file belongs to the row once it is written, so a
 * caller removes the file when the write throws, never when only the announcement does.
 */
export interface Written<T> {
  data: T;
  /** Tells the customer, unless the item is held with its job (announced when the job is delivered). */
  announce(): Promise<void>;
}

type ReportValues = Pick<typeof reports.$inferInsert, "userId" | "serviceId" | "jobId" | "title" | "description">;

async function insertReport(db: Database, notifier: Notifier, values: ReportValues, held: boolean, file: StoredUpload) {
  const [row] = await db
    .insert(reports)
    .values({ ...values, storageKey: file.key, contentType: file.contentType, size: file.size })
    .returning();
  if (!row) throw new Error("insert returned no report");
  return { data: publicReport(row), announce: async () => (held ? undefined : notifier.delivered(row.userId, "report", row.title)) } satisfies Written<unknown>;
}

/** The report row of an upload. */
export async function writeReport(db: Database, notifier: Notifier, fields: ReportUploadFields, file: StoredUpload) {
  const { held } = await assertOwnerAndService(db, fields.userId, fields.serviceId, fields.jobId);
  return insertReport(db, notifier, fields, held, file);
}

/** The report row of an upload to a job: its customer and service are the job's. */
export async function writeJobReport(db: Database, notifier: Notifier, jobId: number, fields: JobDeliverableFields, file: StoredUpload) {
  const { userId, serviceId, held } = await jobOwnerOf(db, jobId);
  return insertReport(db, notifier, { ...fields, userId, serviceId, jobId }, held, file);
}

/** What writing a media row needs: the queue makes a video's poster (media/video/poster-task.ts). */
export interface MediaWriter {
  db: Database;
  notifier: Notifier;
  queue: Pick<TaskQueue, "send">;
  log: Pick<FastifyBaseLogger, "error">;
}

type MediaValues = Pick<typeof media.$inferInsert, "userId" | "serviceId" | "jobId" | "title" | "description" | "isGalleryItem">;

/** The media row of an upload (a gallery item when isGalleryItem), with a video's poster queued. */
export async function writeMedia(writer: MediaWriter, adminId: number, fields: MediaUploadFields, file: StoredUpload) {
  const userId = mediaOwnerOf(fields, adminId);
  const { held } = await assertOwnerAndService(writer.db, userId, fields.serviceId, fields.jobId);
  return insertMedia(writer, { ...fields, userId }, held, file);
}

/** The media row of an upload to a job: its customer and service are the job's; private to that customer. */
export async function writeJobMedia(writer: MediaWriter, jobId: number, fields: JobDeliverableFields, file: StoredUpload) {
  const { userId, serviceId, held } = await jobOwnerOf(writer.db, jobId);
  return insertMedia(writer, { ...fields, userId, serviceId, jobId, isGalleryItem: false }, held, file);
}

async function insertMedia({ db, notifier, queue, log }: MediaWriter, values: MediaValues, held: boolean, file: StoredUpload) {
  const posterPending = isVideo(file.contentType);
  const [row] = await db
    .insert(media)
    .values({ ...values, storageKey: file.key, fileType: file.contentType, size: file.size, posterPending })
    .returning();
  if (!row) throw new Error("insert returned no media");
  // Never throws: a queue that cannot take it costs the video its poster, not the stored upload.
  await queueVideoPoster({ db, queue, log }, row);
  return { data: publicMedia(row), announce: async () => (held ? undefined : notifier.delivered(row.userId, "media", row.title)) } satisfies Written<unknown>;
}

export interface NewLayerUpload {
  jobId: number;
  fields: MapLayerFields;
  file: StoredUpload;
  /** From the GeoTIFF's header (map-layers/validate-geotiff.ts). */
  bandCount: number;
  uploadedBy: number;
}

/** The layer row of a checked GeoTIFF, with its processing queued; no row stays when the queue cannot take the job. */
export async function writeLayer(db: Database, queue: Pick<TaskQueue, "send">, layer: NewLayerUpload) {
  const row = await insertLayer(db, layer);
  try {
    await queue.send(processLayerTask, { layerId: row.id });
  } catch (error) {
    await removeLayerRow(db, row.id);
    throw error;
  }
  return publicLayer(row);
}
