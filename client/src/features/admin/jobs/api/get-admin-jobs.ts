import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Job } from "@common/contract/jobs";
import type { ListResponse } from "@common/contract/wire";
import type { JobStatus } from "@common/jobs";
import { apiRequest } from "@/lib/api";

/** Every admin jobs list and each job's detail: a write invalidates both. */
export const ADMIN_JOBS_QUERY_KEY = ["/api/admin/jobs"] as const;

/** The board's filters, as GET /api/admin/jobs reads them from the query string; empty means any. */
export interface JobFilters {
  status: JobStatus | "";
  userId: string;
  serviceId: string;
  pilotId: string;
  q: string;
}

export const NO_JOB_FILTERS: JobFilters = { status: "", userId: "", serviceId: "", pilotId: "", q: "" };

function jobsUrl(filters: JobFilters): string {
  const params = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ""));
  const query = params.toString();
  return query ? `${ADMIN_JOBS_QUERY_KEY[0]}?${query}` : ADMIN_JOBS_QUERY_KEY[0];
}

/** GET /api/admin/jobs with the board's filters; the last list stays on screen while the next loads. */
export function useAdminJobs(filters: JobFilters) {
  return useQuery({
    queryKey: [...ADMIN_JOBS_QUERY_KEY, filters],
    queryFn: ({ signal }) => apiRequest<ListResponse<Job>>("GET", jobsUrl(filters), undefined, { signal }),
    select: (response) => response.data,
    // Quote decisions, uploads and other admins move jobs too: each visit reloads them, showing the last load meanwhile.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
