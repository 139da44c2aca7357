import { z } from "zod";
import { pageOf } from "./pagination";
import { id, isoDate, listOf, successMessageOf, successMessageSchema, successOf } from "./wire";

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
  /** Its gallery category; null for none (docs/product.md §2, Gallery). */
  categoryId: id.nullable(),
  /**
   * A video whose poster is still being made: `posterUrl` is null for now, and the lists that show
   * it read it again until this turns false (with a poster, or for good without one).
   */
  posterPending: z.boolean(),
});
export type MediaItem = z.input<typeof mediaItemSchema>;

/** A gallery category as the public gallery's chips name it; `slug` is what ?category= carries. */
const galleryCategoryRefSchema = z.object({ id, name: z.string(), slug: z.string() });

/** A public gallery item as anyone sees it: not whose it is; its category, or null for none. */
export const galleryItemSchema = z.object({ ...fileFields, category: galleryCategoryRefSchema.nullable() });
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

/** GET /api/gallery/categories: the categories with at least one public item, in the back office's order. */
export const publicGalleryCategoryListSchema = listOf(galleryCategoryRefSchema);
export type PublicGalleryCategory = z.input<typeof galleryCategoryRefSchema>;

/** A gallery category as the back office lists it: how many media items it holds, public or not. */
const galleryCategorySchema = galleryCategoryRefSchema.extend({ position: z.number().int(), items: z.number().int().nonnegative() });
export type GalleryCategory = z.input<typeof galleryCategorySchema>;

/** GET /api/admin/gallery-categories: every category, in order. */
export const galleryCategoryListSchema = listOf(galleryCategorySchema);

/** POST /api/admin/gallery-categories, PATCH /api/admin/gallery-categories/:id. */
export const galleryCategoryAnswerSchema = successMessageOf(galleryCategorySchema);

/** POST /api/admin/gallery-categories/:id/move: the whole list in its new order. */
export const galleryCategoriesMovedSchema = successMessageOf(z.array(galleryCategorySchema));

/** DELETE /api/admin/gallery-categories/:id: its items stay, without a category. */
export const galleryCategoryDeletedSchema = successMessageSchema;

/** PATCH /api/admin/media/:id/category: the item as stored. */
export const mediaCategoryAnswerSchema = successMessageOf(mediaItemSchema);

/** POST /api/admin/media/category: how many items were changed. */
export const mediaCategoryBulkAnswerSchema = successMessageOf(z.object({ updated: z.number().int().nonnegative() }));
