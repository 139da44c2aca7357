import { MB } from "@common/uploads";

/** A file's size as people read it: "2.4 MB", "312 KB", "90 B". Apart from the file picker, so a list of files does not load the picker. */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
