import { useQuery } from "@tanstack/react-query";
import type { JobDetail } from "@common/contract/jobs";
import { adminJobKeys } from "@/api/jobs";
import { apiRequest } from "@/lib/api";

/**
 * GET /api/jobs/{id}: the job with its history, deliverables, quote and payments. `reload: false`
 * for a part of the page that reads the job the page already loads: it loads only if nothing has.
 */
export function useJob(id: number, { reload = true }: { reload?: boolean } = {}) {
  return useQuery({
    // Under the admin jobs key, so a write refreshes the board and the open job at once.
    queryKey: adminJobKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest<{ success: true; data: JobDetail }>("GET", `/api/jobs/${id}`, undefined, { signal, fallback: "Failed to load the job" }),
    select: (response) => response.data,
    // Quote decisions, uploads and other admins move jobs too: each visit reloads them, showing the last load meanwhile.
    staleTime: 0,
    refetchOnMount: reload,
  });
}
