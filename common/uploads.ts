/** docs/product.md §9: the file picker's default limit, and the limit of media and gallery uploads. */
export const MB = 1024 * 1024;
export const DEFAULT_MAX_FILE_MB = 10;
export const MEDIA_MAX_FILE_MB = 1000;
/**
 * The documents a customer sends for one of their jobs: site plans, previous reports,
 * as-built drawings. Up to this size each: a drawing set scanned as one PDF runs to tens of MB.
 */
export const JOB_DOCUMENT_MAX_MB = 100;
/** Map layers' GeoTIFFs up to this size by default (MAP_LAYER_MAX_MB overrides it): 10 GB. */
export const MAP_LAYER_DEFAULT_MAX_MB = 10_240;

const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif", "image/tiff", "image/heic", "image/heif", "image/bmp"];
const VIDEO_TYPES = ["video/mp4", "video/quicktime", "video/webm", "video/x-matroska", "video/x-msvideo", "video/3gpp", "video/mpeg", "video/x-m4v"];
const DOCUMENT_TYPES = ["application/pdf", "application/msword", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"];
/**
 * What a customer sends for a job, each told by its bytes: DWG by its "AC10xx" version header. Not
 * DXF (plain text with no signature to read) nor ZIP (whatever it holds goes unchecked).
 */
const JOB_DOCUMENT_TYPES = [...DOCUMENT_TYPES, "image/jpeg", "image/png", "image/webp", "image/heic", "image/heif", "image/tiff", "image/vnd.dwg"];

/** Which content types each upload accepts (decided from the bytes, not the name). */
export const UPLOAD_KINDS = {
  report: { types: [...DOCUMENT_TYPES, ...IMAGE_TYPES], maxMb: DEFAULT_MAX_FILE_MB, label: "PDF, Word documents and images" },
  /**
   * A report uploaded to a job (its Deliverables section), sent resumably: as large as a media file,
   * as a thermography report with its images runs past the file picker's 10 MB (docs/product.md §10).
   */
  jobReport: { types: [...DOCUMENT_TYPES, ...IMAGE_TYPES], maxMb: MEDIA_MAX_FILE_MB, label: "PDF, Word documents and images" },
  media: { types: [...IMAGE_TYPES, ...VIDEO_TYPES], maxMb: MEDIA_MAX_FILE_MB, label: "images, videos, HEIC and HEIF" },
  /** A map layer's GeoTIFF; MAP_LAYER_MAX_MB overrides its limit on the server. */
  mapLayer: { types: ["image/tiff"], maxMb: MAP_LAYER_DEFAULT_MAX_MB, label: "GeoTIFF (.tif, .tiff)" },
  /** A customer's document for their job. */
  jobDocument: { types: JOB_DOCUMENT_TYPES, maxMb: JOB_DOCUMENT_MAX_MB, label: "PDF, Word documents, JPEG, PNG, WebP, HEIC and TIFF images, and DWG drawings" },
} as const;

export type UploadKind = keyof typeof UPLOAD_KINDS;

/** For <input accept>: types and the extensions browsers often leave untyped (HEIC, Word). */
export const ACCEPT_ATTRIBUTE: Record<UploadKind, string> = {
  report: [...UPLOAD_KINDS.report.types, ".pdf", ".doc", ".docx", ".heic", ".heif"].join(","),
  jobReport: [...UPLOAD_KINDS.jobReport.types, ".pdf", ".doc", ".docx", ".heic", ".heif"].join(","),
  media: [...UPLOAD_KINDS.media.types, "image/*", "video/*", ".heic", ".heif"].join(","),
  mapLayer: [".tif", ".tiff", ...UPLOAD_KINDS.mapLayer.types].join(","),
  jobDocument: [...UPLOAD_KINDS.jobDocument.types, ".pdf", ".doc", ".docx", ".heic", ".heif", ".tif", ".tiff", ".dwg"].join(","),
};

/**
 * Widths of the WebP copies made of an uploaded image (responsive images): the gallery's
 * tiles choose between the first two, the lightbox between the last two. The first is the default.
 */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The address of an image's WebP copy at this width, from its thumbnail URL. */
export function imageCopyUrl(thumbnailUrl: string, width: ImageWidth): string {
  return `${thumbnailUrl}?w=${width}`;
}

/** A srcset of an image's WebP copies at the given widths, from its thumbnail URL. */
export function imageSrcSet(thumbnailUrl: string, widths: readonly ImageWidth[]): string {
  return widths.map((width) => `${imageCopyUrl(thumbnailUrl, width)} ${width}w`).join(", ");
}
