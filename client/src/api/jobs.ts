import type { Job } from "@common/contract/jobs";
import { useListQuery } from "@/lib/list-query";

const JOBS = ["/api/jobs"] as const;

/**
 * The keys of the customer's job calls, each the URL the default query function reads
 * (lib/query-client.ts): invalidating `all` reloads the list and every job's page and parts, which
 * an answered estimate or a payment moves.
 */
export const jobKeys = {
  all: JOBS,
  detail: (id: number) => [...JOBS, id] as const,
  files: (id: number) => [...JOBS, id, "files"] as const,
  documents: (id: number) => [...JOBS, id, "documents"] as const,
  messages: (id: number) => [...JOBS, id, "messages"] as const,
};

const ADMIN_JOBS = ["/api/admin/jobs"] as const;

/**
 * The back office's job calls, all under one key so a write reloads the board and the open job at
 * once. The detail reads GET /api/jobs/{id} by its own query function: under the customer's key a
 * write here would not reach it.
 */
export const adminJobKeys = {
  all: ADMIN_JOBS,
  list: (filters: object) => [...ADMIN_JOBS, filters] as const,
  detail: (id: number) => [...ADMIN_JOBS, "detail", id] as const,
  inspectionConditions: (id: number) => [...ADMIN_JOBS, "detail", id, "inspection-conditions"] as const,
  inspectionReport: (id: number) => [...ADMIN_JOBS, "detail", id, "inspection-report"] as const,
  preflight: (id: number) => [...ADMIN_JOBS, "detail", id, "preflight-checklist"] as const,
};

/** GET /api/jobs: the signed-in customer's jobs, for the Jobs tab and for the other tabs' "which job" links. */
export function useJobs() {
  return useListQuery<Job>(jobKeys.all);
}

/** The page of one job (the "/dashboard/jobs/:id" route of common/routes.ts). */
export const jobPath = (id: number): string => `/dashboard/jobs/${id}`;
