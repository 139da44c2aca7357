import { useQuery } from "@tanstack/react-query";
import type { ListResponse } from "@common/contract/wire";
import type { MediaItem } from "@common/contract/media";
import { apiRequest } from "@/lib/api";

/** docs/product.md §9: the admin media list holds 25 rows and gives up after 8 seconds. */
const ADMIN_MEDIA_LIMIT = 25;
const ADMIN_MEDIA_TIMEOUT_MS = 8000;

function adminMediaQueryKey(userId?: number) {
  return userId === undefined ? (["/api/admin/media", ADMIN_MEDIA_LIMIT] as const) : (["/api/admin/media", ADMIN_MEDIA_LIMIT, userId] as const);
}

async function fetchAdminMedia(userId: number | undefined, signal: AbortSignal): Promise<MediaItem[]> {
  const query = new URLSearchParams({ limit: String(ADMIN_MEDIA_LIMIT) });
  if (userId !== undefined) query.set("userId", String(userId));
  const { data } = await apiRequest<ListResponse<MediaItem>>("GET", `/api/admin/media?${query}`, undefined, { signal, timeoutMs: ADMIN_MEDIA_TIMEOUT_MS });
  return data;
}

/** docs/product.md §8: a failed or timed-out load reads as an empty list with no toast, so callers read `data ?? []`. */
export function useAdminMedia(userId?: number, enabled = true) {
  return useQuery({ queryKey: adminMediaQueryKey(userId), queryFn: ({ signal }) => fetchAdminMedia(userId, signal), enabled });
}
