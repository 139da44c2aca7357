import { type Answer, noAnswer, readAnswer } from "./api";

interface UploadOptions {
  /** Called with the share of the body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** The file's field in the form: "file" unless the endpoint names another (the logo's `logo`). */
  fileField?: string;
}

/** Text fields of an upload; a field left undefined (an optional one not chosen) is not sent. */
type UploadFields = Record<string, string | number | boolean | undefined>;

/** The multipart body: the text fields first, so the server reads them before the file streams. */
function formData(fields: UploadFields, file: File, fileField: string): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, String(value));
  body.append(fileField, file);
  return body;
}

/**
 * POSTs one file with its text fields and reads the answer, never throwing: for the forms that put
 * a refusal's field errors under their fields. XMLHttpRequest rather than fetch because it reports
 * upload progress; same-origin, so the session cookie goes with it without asking for credentials.
 */
export function sendUpload<T = unknown>(
  url: string,
  fields: UploadFields,
  file: File,
  { onProgress, fileField = "file" }: UploadOptions = {},
): Promise<Answer<T>> {
  return new Promise<Answer<T>>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve(readAnswer<T>(xhr.status, xhr.statusText, xhr.responseText));
    xhr.onerror = () => resolve(noAnswer("Network error"));
    xhr.onabort = () => resolve(noAnswer("Upload aborted"));
    xhr.send(formData(fields, file, fileField));
  });
}
