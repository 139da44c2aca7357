import type { MediaUploadFields, ReportUploadFields } from "@common/admin-uploads";
import type { UploadMetadataOf } from "@/lib/resumable-uploads";

const job = (jobId: number | undefined) => (jobId === undefined ? {} : { jobId: String(jobId) });

/** A report's fields, as POST /api/admin/reports takes them, for a tus upload of kind "report". */
export function reportMetadata(fields: ReportUploadFields): UploadMetadataOf<"report"> {
  return {
    kind: "report",
    userId: String(fields.userId),
    serviceId: String(fields.serviceId),
    title: fields.title,
    description: fields.description,
    ...job(fields.jobId),
  };
}

/** A media item's fields, as POST /api/admin/media (or /api/upload-media for the gallery) takes them. */
export function mediaMetadata(kind: "media" | "gallery", fields: MediaUploadFields): UploadMetadataOf<"media" | "gallery"> {
  return {
    kind,
    userId: String(fields.userId),
    serviceId: String(fields.serviceId),
    title: fields.title,
    description: fields.description,
    isGalleryItem: String(fields.isGalleryItem),
    ...job(fields.jobId),
  };
}
