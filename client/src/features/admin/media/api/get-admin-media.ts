import { useQuery } from "@tanstack/react-query";
import { throwIfResNotOk } from "@/lib/api";

/** One row of GET /api/admin/media. */
export interface AdminMediaRow {
  id: number;
  userId: number;
  serviceId: number;
  title: string;
  description: string;
  /** A mime type, or the bare word "image" or "video". */
  fileType: string;
  isGalleryItem: boolean;
  fileUrl: string;
  /** A small WebP of an image; null for other types. */
  thumbnailUrl: string | null;
  createdAt: string;
}

/** SPEC §9: the admin media list holds 25 rows and gives up after 8 seconds. */
export const ADMIN_MEDIA_LIMIT = 25;
export const ADMIN_MEDIA_TIMEOUT_MS = 8000;

export function adminMediaQueryKey(userId?: number) {
  return userId === undefined ? (["/api/admin/media", ADMIN_MEDIA_LIMIT] as const) : (["/api/admin/media", ADMIN_MEDIA_LIMIT, userId] as const);
}

async function fetchAdminMedia(userId: number | undefined, signal: AbortSignal): Promise<AdminMediaRow[]> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, ADMIN_MEDIA_TIMEOUT_MS);
  signal.addEventListener("abort", abort);
  try {
    const query = new URLSearchParams({ limit: String(ADMIN_MEDIA_LIMIT) });
    if (userId !== undefined) query.set("userId", String(userId));
    const res = await fetch(`/api/admin/media?${query}`, { credentials: "include", signal: controller.signal });
    await throwIfResNotOk(res);
    return ((await res.json()) as { data: AdminMediaRow[] }).data;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", abort);
  }
}

/** SPEC §8: a failed or timed-out load reads as an empty list with no toast, so callers read `data ?? []`. */
export function useAdminMedia(userId?: number, enabled = true) {
  return useQuery({ queryKey: adminMediaQueryKey(userId), queryFn: ({ signal }) => fetchAdminMedia(userId, signal), enabled });
}
