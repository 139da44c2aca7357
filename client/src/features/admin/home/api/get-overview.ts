import { useQuery } from "@tanstack/react-query";
import type { AdminOverview } from "@common/contract/overview";
import { overviewKeys } from "@/api/overview";

/** GET /api/admin/overview: the figures of the back office's home, as the server computed them. */
export function useOverview() {
  return useQuery<{ success: true; data: AdminOverview }, Error, AdminOverview>({
    queryKey: overviewKeys.all,
    select: (answer) => answer.data,
    // Every other tab moves these figures (a quote answered, a job delivered): the home reads them afresh each time it opens.
    staleTime: 0,
  });
}
