import type { MediaItem } from "@common/contract/media";
import { useListQuery } from "@/lib/list-query";

const MEDIA_QUERY_KEY = ["/api/media"] as const;

/** GET /api/media: files uploaded for the signed-in customer. A failed load shows an empty list and no toast (docs/product.md §8), so callers read `data ?? []`. */
export function useMedia() {
  return useListQuery<MediaItem>(MEDIA_QUERY_KEY);
}
