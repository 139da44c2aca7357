import type { MediaItem } from "@common/contract/media";
import { mediaKeys } from "@/api/media";
import { useListQuery } from "@/lib/list-query";
import { untilPostersArrive } from "@/lib/poster-pending";

/**
 * GET /api/media: files uploaded for the signed-in customer, read again while a video's poster is
 * being made. A failed load shows an empty list and no toast (docs/product.md §8), so callers read `data ?? []`.
 */
export function useMedia() {
  return useListQuery<MediaItem>(mediaKeys.all, untilPostersArrive);
}
