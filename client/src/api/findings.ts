import { useQuery } from "@tanstack/react-query";
import type { FindingCounts } from "@common/finding-status";
import { dataOf, send } from "@/lib/api";

const FINDINGS = ["/api/findings"] as const;

/** Every findings query (a job's list, the customer's counts): a write to a finding reads them all again. */
export const findingKeys = {
  all: FINDINGS,
  counts: [...FINDINGS, "counts"] as const,
  job: (jobId: number) => [...FINDINGS, "job", jobId] as const,
};

const DETECTION = ["admin", "finding-detection"] as const;

/** The hot-spot detection panel's queries: a job's thermal layers with their detections, and the candidates detection proposed. */
export const detectionKeys = {
  all: DETECTION,
  layers: (jobId: number) => [...DETECTION, "layers", jobId] as const,
  candidates: (jobId: number) => [...DETECTION, "candidates", jobId] as const,
};

/** What GET /api/findings/counts answers: the customer's findings by state, in total and per job. */
export interface CustomerFindingCounts {
  total: FindingCounts;
  jobs: { jobId: number; counts: FindingCounts }[];
}

/** The signed-in customer's findings by state, for the dashboard's Jobs tab (docs/product.md §2, Dashboard). */
export function useCustomerFindingCounts() {
  return useQuery({
    queryKey: findingKeys.counts,
    queryFn: async ({ signal }) => dataOf(await send<{ success: true; data: CustomerFindingCounts }>("GET", "/api/findings/counts", { signal })).data,
  });
}
