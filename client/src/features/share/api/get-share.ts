import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SharedJob } from "@common/contract/share-links";
import { shareApiUrl } from "@common/share-links";
import { shareKeys } from "@/api/share-links";
import { dataOf, send } from "@/lib/api";

/** GET /api/share/:token: what the link shares, or that it needs its PIN; 404, or 410 once expired or revoked. */
export const shareQuery = (token: string) =>
  queryOptions({
    queryKey: shareKeys.token(token),
    queryFn: async ({ signal }) => dataOf(await send<SharedJob>("GET", shareApiUrl(token), { signal }), "The shared files could not be loaded."),
    // Each read is an opening in the owner's log: read once, not again on focus or after a failure.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });

export const useShare = (token: string) => useQuery(shareQuery(token));
