import { throwIfResNotOk } from "@/lib/api";
import { type MediaUploadFields, mediaFormData } from "./media-form-data";

/** POST /api/upload-media: sent without an explicit credentials option (SPEC §6); same-origin, so the cookie still goes. */
export async function uploadGalleryMedia(fields: MediaUploadFields, file: File): Promise<void> {
  const res = await fetch("/api/upload-media", { method: "POST", body: mediaFormData(fields, file) });
  await throwIfResNotOk(res);
}
