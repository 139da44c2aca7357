import { type MediaUploadFields, mediaFormData } from "./media-form-data";

/**
 * POST /api/admin/media for one file. XMLHttpRequest rather than fetch because it reports upload
 * progress; same-origin, so the session cookie goes with it.
 */
export function uploadAdminMedia(fields: MediaUploadFields, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/admin/media");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
    };
    xhr.onerror = () => reject(new Error("Network error"));
    xhr.onabort = () => reject(new Error("Upload aborted"));
    xhr.send(mediaFormData(fields, file));
  });
}
