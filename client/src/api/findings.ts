import { useQuery } from "@tanstack/react-query";
import type { FindingCounts } from "@common/finding-status";
import { dataOf, send } from "@/lib/api";

/** Every findings query: a write to a finding reads them all again. */
export const FINDINGS_QUERY_KEY = ["/api/findings"] as const;

/** What GET /api/findings/counts answers: the customer's findings by state, in total and per job. */
export interface CustomerFindingCounts {
  total: FindingCounts;
  jobs: { jobId: number; counts: FindingCounts }[];
}

/** The signed-in customer's findings by state, for the dashboard's Jobs tab (docs/product.md §2, Dashboard). */
export function useCustomerFindingCounts() {
  return useQuery({
    queryKey: [...FINDINGS_QUERY_KEY, "counts"],
    queryFn: async ({ signal }) => dataOf(await send<{ success: true; data: CustomerFindingCounts }>("GET", "/api/findings/counts", { signal })).data,
  });
}
