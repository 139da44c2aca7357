import { useQuery } from "@tanstack/react-query";
import type { JobFileItem } from "@common/contract/job-download";
import type { ListResponse } from "@common/contract/wire";
import { dataOf, send } from "@/lib/api";
import { jobKeys } from "./jobs";

/**
 * GET /api/jobs/{id}/files: what the job's ZIP holds for the reader (reports, media, map layers'
 * originals, documents, the findings' CSV), asked for only once "Choose files to download" opens,
 * and afresh each time: a file may have been delivered since.
 */
export function useJobFiles(jobId: number, enabled: boolean) {
  return useQuery({
    queryKey: jobKeys.files(jobId),
    queryFn: async ({ signal }) => dataOf(await send<ListResponse<JobFileItem>>("GET", `/api/jobs/${jobId}/files`, { signal })),
    select: (answer) => answer.data,
    enabled,
    refetchOnMount: "always",
  });
}
