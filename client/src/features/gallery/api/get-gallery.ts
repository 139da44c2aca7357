import type { GalleryItem } from "@common/contract/media";
import { galleryKeys } from "@/api/media";
import { useListQuery } from "@/lib/list-query";

/** GET /api/gallery (public): the gallery items, newest first. */
export function useGallery() {
  return useListQuery<GalleryItem>(galleryKeys.all);
}

export function isVideo(item: GalleryItem): boolean {
  return item.fileType.toLowerCase().startsWith("video");
}
