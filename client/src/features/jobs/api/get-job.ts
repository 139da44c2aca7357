import { queryOptions, useQuery } from "@tanstack/react-query";
import type { JobDetail } from "@common/contract/jobs";
import { untilPostersArrive } from "@/lib/poster-pending";

/** GET /api/jobs/{id}: the job with its history, its published deliverables, its quote and payments. Another customer's job is a 404. */
export const jobQuery = (id: string) => queryOptions<{ success: true; data: JobDetail }>({ queryKey: ["/api/jobs", id] });

/** The job, read again while one of its videos' posters is being made. */
export function useJob(id: string) {
  return useQuery({ ...jobQuery(id), select: (answer) => answer.data, refetchInterval: (query) => untilPostersArrive(query.state.data?.data.media) });
}
