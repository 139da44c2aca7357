export type MediaKind = "image" | "video" | "file";

/** fileType is a mime type or the bare word "image" or "video" (SPEC §3). */
export function mediaKind(fileType: string): MediaKind {
  const type = fileType.toLowerCase();
  if (type.startsWith("video")) return "video";
  if (type.startsWith("image")) return "image";
  return "file";
}

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}
