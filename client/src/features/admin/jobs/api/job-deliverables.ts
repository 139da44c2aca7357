import type { JobDeliverableFields } from "@common/admin-uploads";
import type { UploadMetadataOf } from "@/lib/resumable-uploads";

/** What the job's own upload makes: a report, or photos and videos (common/tus-uploads.ts). */
export type JobDeliverableKind = "job-report" | "job-media";

/**
 * Upload-Metadata of a report or media item uploaded to a job: the fields of POST
 * /api/admin/jobs/:id/reports (or /media) with the job; the server takes the customer and the
 * service from the job.
 */
export function jobDeliverableMetadata(kind: JobDeliverableKind, jobId: number, { title, description }: JobDeliverableFields): UploadMetadataOf<JobDeliverableKind> {
  return { kind, jobId: String(jobId), title, ...(description ? { description } : {}) };
}

/** Whether a stored unfinished upload is a report or media item of this job. */
export const isDeliverableOf = (jobId: number) => (metadata: Record<string, string>) => (metadata.kind === "job-report" || metadata.kind === "job-media") && metadata.jobId === String(jobId);
