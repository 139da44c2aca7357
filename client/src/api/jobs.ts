import type { Job } from "@common/contract/jobs";
import { useListQuery } from "@/lib/list-query";

const JOBS_QUERY_KEY = ["/api/jobs"] as const;

/** GET /api/jobs: the signed-in customer's jobs, for the Jobs tab and for the other tabs' "which job" links. */
export function useJobs() {
  return useListQuery<Job>(JOBS_QUERY_KEY);
}

/** The page of one job (the "/dashboard/jobs/:id" route of common/routes.ts). */
export const jobPath = (id: number): string => `/dashboard/jobs/${id}`;
