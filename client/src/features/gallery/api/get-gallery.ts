import { useQuery } from "@tanstack/react-query";

/** One row of GET /api/gallery (public): the gallery items, newest first. */
export interface GalleryItem {
  id: number;
  title: string;
  description: string;
  /** A mime type, or the bare word "image" or "video". */
  fileType: string;
  fileUrl: string;
  /** A small WebP of an image; null for other types. */
  thumbnailUrl: string | null;
  createdAt: string;
}

export const GALLERY_QUERY_KEY = ["/api/gallery"] as const;

/** Loaded by the default query function: the key is the URL. */
export function useGallery() {
  return useQuery<{ data: GalleryItem[] }, Error, GalleryItem[]>({ queryKey: GALLERY_QUERY_KEY, select: (response) => response.data });
}

export function isVideo(item: GalleryItem): boolean {
  return item.fileType.toLowerCase().startsWith("video");
}
