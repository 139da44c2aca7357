import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminMediaItem } from "@common/contract/media";
import type { PageResponse } from "@common/contract/pagination";
import { adminMediaKeys } from "@/api/media";
import { apiRequest } from "@/lib/api";
import { untilPostersArrive } from "@/lib/poster-pending";
import { pageOfList } from "../../paged-list";

/** docs/product.md §9: the admin media list holds 25 rows and gives up after 8 seconds. */
export const ADMIN_MEDIA_LIMIT = 25;
const ADMIN_MEDIA_TIMEOUT_MS = 8000;

async function fetchAdminMedia(query: URLSearchParams, signal: AbortSignal): Promise<PageResponse<AdminMediaItem>> {
  return apiRequest<PageResponse<AdminMediaItem>>("GET", `${adminMediaKeys.all[0]}?${query}`, undefined, { signal, timeoutMs: ADMIN_MEDIA_TIMEOUT_MS });
}

/**
 * The gallery manager's load, SPEC's GET /api/admin/media?limit=25, read again while a video's
 * poster is being made. docs/product.md §8: a failed or timed-out load reads as an empty list with no toast, so callers read `data ?? []`.
 */
export function useAdminMedia() {
  return useQuery({
    queryKey: adminMediaKeys.recent(ADMIN_MEDIA_LIMIT),
    queryFn: async ({ signal }) => (await fetchAdminMedia(new URLSearchParams({ limit: String(ADMIN_MEDIA_LIMIT) }), signal)).data,
    refetchInterval: (query) => untilPostersArrive(query.state.data),
  });
}

/** What the Media and User Media tabs ask for: one page (from 1), words to find (empty: any), and optionally one owner. */
export interface MediaPageFilters {
  page: number;
  q: string;
  userId?: number;
}

/**
 * GET /api/admin/media?limit=25&page=&q=&userId=: one page of 25, searched on the server, and how
 * many match; the last page stays on screen while the next loads, and the page is read again while
 * a video's poster is being made. A failure reads as an empty list, as above.
 */
export function useAdminMediaPage(filters: MediaPageFilters, enabled = true) {
  return useQuery({
    queryKey: adminMediaKeys.page(ADMIN_MEDIA_LIMIT, filters),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ limit: String(ADMIN_MEDIA_LIMIT), page: String(filters.page) });
      if (filters.q) query.set("q", filters.q);
      if (filters.userId !== undefined) query.set("userId", String(filters.userId));
      return fetchAdminMedia(query, signal);
    },
    select: (answer) => pageOfList(answer),
    refetchInterval: (query) => untilPostersArrive(query.state.data?.data),
    enabled,
    placeholderData: keepPreviousData,
  });
}
