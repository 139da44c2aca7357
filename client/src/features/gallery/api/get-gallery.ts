import type { GalleryItem, PublicGalleryCategory } from "@common/contract/media";
import { galleryKeys } from "@/api/media";
import { useListQuery } from "@/lib/list-query";

/** GET /api/gallery (public): the gallery items, newest first, each with its category. */
export function useGallery() {
  return useListQuery<GalleryItem>(galleryKeys.all);
}

/** GET /api/gallery/categories (public): the categories holding a public item, in the back office's order. */
export function useGalleryCategories() {
  return useListQuery<PublicGalleryCategory>(galleryKeys.categories);
}

export function isVideo(item: GalleryItem): boolean {
  return item.fileType.toLowerCase().startsWith("video");
}
