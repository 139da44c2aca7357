import type { GalleryItem } from "@common/contract/media";
import { useListQuery } from "@/lib/list-query";

const GALLERY_QUERY_KEY = ["/api/gallery"] as const;

/** GET /api/gallery (public): the gallery items, newest first. */
export function useGallery() {
  return useListQuery<GalleryItem>(GALLERY_QUERY_KEY);
}

export function isVideo(item: GalleryItem): boolean {
  return item.fileType.toLowerCase().startsWith("video");
}
