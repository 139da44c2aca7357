import type { MediaUploadFields } from "@common/admin-uploads";
import { upload } from "@/lib/upload";

/**
 * POST /api/upload-media for one gallery file, owned by the calling admin (userId "admin"),
 * reporting the share sent so far. No credentials are asked for (docs/product.md §6); it is
 * same-origin, so the session cookie still goes.
 */
export async function uploadGalleryMedia(fields: MediaUploadFields, file: File, onProgress?: (fraction: number) => void): Promise<void> {
  await upload("/api/upload-media", fields, file, { onProgress });
}
