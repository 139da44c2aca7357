import { useQuery } from "@tanstack/react-query";
import type { WaitingItem } from "@common/contract/waiting";
import type { ListResponse } from "@common/contract/wire";
import { dataOf, send } from "@/lib/api";

const WAITING_URL = "/api/waiting";

/** The customer's whole list, or one job's: each screen reads its own afresh (below), so no write invalidates them. */
const waitingKeys = { list: (jobId?: number) => [WAITING_URL, jobId ?? "all"] as const };

/**
 * GET /api/waiting: what waits for the signed-in customer, the most pressing first; of one job when
 * given (`?jobId=`, as the job page's preload names it in common/routes.ts).
 */
export function useWaiting(jobId?: number) {
  const url = jobId === undefined ? WAITING_URL : `${WAITING_URL}?jobId=${jobId}`;
  return useQuery({
    queryKey: waitingKeys.list(jobId),
    queryFn: async ({ signal }) => dataOf(await send<ListResponse<WaitingItem>>("GET", url, { signal })),
    select: (answer) => answer.data,
    // What waits is changed on other screens (an estimate answered, a checkout paid): each screen that
    // shows it reads it afresh as it opens, rather than every such write knowing of this list.
    staleTime: 0,
  });
}
