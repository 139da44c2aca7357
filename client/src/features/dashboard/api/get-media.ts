import { useQuery } from "@tanstack/react-query";
import { type ListResponse, selectData } from "@/lib/list-response";

/** One row of GET /api/media: files uploaded for the signed-in customer. */
export interface MediaRow {
  id: number;
  userId: number;
  serviceId: number;
  title: string;
  description: string;
  fileUrl: string;
  thumbnailUrl: string | null;
  /** A mime type, or the bare word "image" or "video". */
  fileType: string;
  isGalleryItem: boolean;
  createdAt: string;
}

export const MEDIA_QUERY_KEY = ["/api/media"] as const;

/** SPEC §8: a failed media fetch shows an empty list and no toast, so callers read `data ?? []`. */
export function useMedia() {
  return useQuery<ListResponse<MediaRow>, Error, MediaRow[]>({ queryKey: MEDIA_QUERY_KEY, select: selectData });
}
