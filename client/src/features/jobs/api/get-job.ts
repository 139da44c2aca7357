import { useQuery } from "@tanstack/react-query";
import type { JobDetail } from "@common/contract/jobs";

/** GET /api/jobs/{id}: the job with its history, its published deliverables, its quote and payments. Another customer's job is a 404. */
export function useJob(id: string) {
  return useQuery<{ success: true; data: JobDetail }, Error, JobDetail>({ queryKey: ["/api/jobs", id], select: (answer) => answer.data });
}
