import type { MediaUploadFields } from "@common/admin-uploads";
import { upload } from "@/lib/upload";

/** POST /api/admin/media for one file, reporting the share sent so far. */
export async function uploadAdminMedia(fields: MediaUploadFields, file: File, onProgress: (fraction: number) => void): Promise<void> {
  await upload("/api/admin/media", fields, file, { onProgress });
}
