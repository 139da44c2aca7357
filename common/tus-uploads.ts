/**
 * Resumable uploads (docs/decisions/0036-resumable-uploads.md): the tus 1.0.0 endpoint of every
 * admin upload, and the kinds it takes. Plain data, no zod, so the back office's uploader imports
 * it without the schemas; the metadata's rules live in tus-upload-metadata.ts.
 */
export const UPLOAD_ENDPOINT = "/api/uploads";

/**
 * What an upload becomes once complete: a report, a media item, a gallery item (media), a job's map
 * layer, or a report or media item uploaded to a job, whose customer and service come from the job.
 */
export const TUS_UPLOAD_KINDS = ["report", "media", "gallery", "layer", "job-report", "job-media"] as const;
export type TusUploadKind = (typeof TUS_UPLOAD_KINDS)[number];

/**
 * The Upload-Metadata keys each kind reads besides `kind`, `filename` and `filetype`: the fields of
 * the matching multipart form (a layer's form `kind` travels as `layerKind`, as `kind` is taken).
 */
export const TUS_METADATA_FIELDS = {
  report: ["userId", "serviceId", "jobId", "title", "description"],
  media: ["userId", "serviceId", "jobId", "title", "description", "isGalleryItem"],
  gallery: ["userId", "serviceId", "jobId", "title", "description", "isGalleryItem"],
  layer: ["jobId", "layerKind", "title", "capturedAt", "bands"],
  "job-report": ["jobId", "title", "description"],
  "job-media": ["jobId", "title", "description"],
} as const satisfies Record<TusUploadKind, readonly string[]>;

/** Uploads not finished this long after they began are removed (UPLOAD_EXPIRY_HOURS overrides it). */
export const UPLOAD_EXPIRY_DEFAULT_HOURS = 24;
