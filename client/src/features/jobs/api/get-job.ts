import { queryOptions, useQuery } from "@tanstack/react-query";
import type { JobDetail } from "@common/contract/jobs";
import { jobKeys } from "@/api/jobs";
import { untilPostersArrive } from "@/lib/poster-pending";

/** GET /api/jobs/{id}: the job with its history, its published deliverables, its quote and payments. Another customer's job is a 404. */
export const jobQuery = (id: number) => queryOptions<{ success: true; data: JobDetail }>({ queryKey: jobKeys.detail(id) });

/** The job, read again while one of its videos' posters is being made. */
export function useJob(id: number) {
  return useQuery({ ...jobQuery(id), select: (answer) => answer.data, refetchInterval: (query) => untilPostersArrive(query.state.data?.data.media) });
}
