import { z } from "zod";
import { pageOf } from "./pagination";
import { id, isoDate, listOf, successMessageSchema, successOf } from "./wire";

const fileFields = {
  id,
  title: z.string(),
  description: z.string(),
  /** A mime type, or the bare word "image" or "video". */
  fileType: z.string(),
  fileUrl: z.string(),
  /** A small WebP of an image; null for other types. */
  thumbnailUrl: z.string().nullable(),
  /** A video's poster frame (JPEG); null for other types, and for a video without one yet (the generic poster shows). */
  posterUrl: z.string().nullable(),
  /** A video's length in seconds, as read at upload; null when unknown (no ffmpeg on the server, not a video). */
  durationSeconds: z.number().nonnegative().nullable(),
  createdAt: isoDate,
};

/** A media item as its owner and the admins see it: the file by its URL, never where it is stored. */
export const mediaItemSchema = z.object({
  ...fileFields,
  userId: id,
  serviceId: id.nullable(),
  /** The job it was made for; none for work outside a job. */
  jobId: id.nullable(),
  size: z.number().int(),
  isGalleryItem: z.boolean(),
  /**
   * A video whose poster is still being made: `posterUrl` is null for now, and the lists that show
   * it read it again until this turns false (with a poster, or for good without one).
   */
  posterPending: z.boolean(),
});
export type MediaItem = z.input<typeof mediaItemSchema>;

/** A public gallery item as anyone sees it: not whose it is. */
export const galleryItemSchema = z.object(fileFields);
export type GalleryItem = z.input<typeof galleryItemSchema>;

/** GET /api/media. */
export const mediaListSchema = listOf(mediaItemSchema);

/** GET /api/gallery. */
export const galleryListSchema = listOf(galleryItemSchema);

/** POST /api/admin/media, POST /api/upload-media, PATCH /api/admin/media/:id/gallery(-status). */
export const mediaItemAnswerSchema = successOf(mediaItemSchema);

/** DELETE /api/admin/media/:id. */
export const mediaDeletedSchema = successMessageSchema;

/** A media item in the back office's lists: who it belongs to, by name (first and last, else username). */
export const adminMediaItemSchema = mediaItemSchema.extend({ ownerName: z.string() });
export type AdminMediaItem = z.input<typeof adminMediaItemSchema>;

/** GET /api/admin/media: a page of media (the whole list, or `limit` rows, without page or pageSize) and how many match. */
export const adminMediaListSchema = pageOf(adminMediaItemSchema);

/** PATCH /api/admin/media/:id: the renamed item as the back office lists it. */
export const adminMediaAnswerSchema = successOf(adminMediaItemSchema);
