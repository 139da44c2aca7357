/** The multipart body of one media upload: the text fields first, so the server reads them before the file streams. */
export interface MediaUploadFields {
  userId: string;
  serviceId: string;
  title: string;
  description: string;
  isGalleryItem: "true" | "false";
}

export function mediaFormData(fields: MediaUploadFields, file: File): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("file", file);
  return body;
}
