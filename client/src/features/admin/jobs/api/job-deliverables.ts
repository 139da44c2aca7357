import type { JobDeliverableFields } from "@common/admin-uploads";
import type { UploadMetadataOf } from "@/lib/resumable-uploads";

/** What the job's own upload makes of a report, or of photos and videos (common/tus-uploads.ts). */
export type JobDeliverableKind = "job-report" | "job-media";

/** What the job's Deliverables upload takes: those, and map layers, sent as Add map layer sends them (layerMetadata). */
export type DeliverableKind = JobDeliverableKind | "layer";

/**
 * Upload-Metadata of a report or media item uploaded to a job: the fields of POST
 * /api/admin/jobs/:id/reports (or /media) with the job; the server takes the customer and the
 * service from the job.
 */
export function jobDeliverableMetadata(
  kind: JobDeliverableKind,
  jobId: number,
  { title, description }: JobDeliverableFields,
): UploadMetadataOf<JobDeliverableKind> {
  return { kind, jobId: String(jobId), title, ...(description ? { description } : {}) };
}

const DELIVERABLE_KINDS: readonly string[] = ["job-report", "job-media", "layer"] satisfies DeliverableKind[];

/** Whether a stored unfinished upload is a report, media item or map layer of this job. */
export const isDeliverableOf = (jobId: number) => (metadata: Record<string, string>) =>
  DELIVERABLE_KINDS.includes(metadata.kind ?? "") && metadata.jobId === String(jobId);
