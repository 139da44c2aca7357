import type { MediaUploadFields } from "@common/admin-uploads";
import { upload } from "@/lib/upload";

/** POST /api/upload-media: a gallery item owned by the calling admin (userId "admin"); no credentials asked for (docs/product.md §6), same-origin, so the cookie still goes. */
export async function uploadGalleryMedia(fields: MediaUploadFields, file: File): Promise<void> {
  await upload("/api/upload-media", fields, file);
}
