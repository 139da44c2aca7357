import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Job } from "@common/contract/jobs";
import type { ErrorResponse, ListResponse } from "@common/contract/wire";
import type { JobStatus } from "@common/job-status";
import { adminJobKeys } from "@/api/jobs";
import { ApiError, send } from "@/lib/api";

/**
 * The board's filters, as GET /api/admin/jobs reads them from the query string (common/jobs.ts
 * jobFiltersSchema); empty means any. `from` and `to` are flight days, YYYY-MM-DD.
 */
export interface JobFilters {
  status: JobStatus | "";
  userId: string;
  serviceId: string;
  pilotId: string;
  q: string;
  from: string;
  to: string;
}

export const NO_JOB_FILTERS: JobFilters = { status: "", userId: "", serviceId: "", pilotId: "", q: "", from: "", to: "" };

/** A list the server refused: its message, and the filters it names (a 400 on `to` before `from`, say). */
export class JobsLoadError extends ApiError {
  constructor(
    message: string,
    status: number | null,
    readonly fields: Partial<Record<keyof JobFilters, string>>,
  ) {
    super(message, status);
  }
}

function jobsUrl(filters: JobFilters): string {
  const params = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ""));
  const query = params.toString();
  return query ? `${adminJobKeys.all[0]}?${query}` : adminJobKeys.all[0];
}

/** GET /api/admin/jobs with the board's filters; the last list stays on screen while the next loads. */
export function useAdminJobs(filters: JobFilters) {
  return useQuery({
    queryKey: adminJobKeys.list(filters),
    queryFn: async ({ signal }) => {
      const answer = await send<ListResponse<Job>>("GET", jobsUrl(filters), { signal });
      if (answer.ok) return answer.data;
      const fields = (answer.body as ErrorResponse | undefined)?.errors ?? {};
      throw new JobsLoadError(answer.message ?? "Failed to load jobs", answer.status, fields);
    },
    select: (response) => response.data,
    // Quote decisions, uploads and other admins move jobs too: each visit reloads them, showing the last load meanwhile.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
