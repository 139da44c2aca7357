import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Finding } from "@common/contract/findings";
import type { FindingCounts } from "@common/findings";
import { findingKeys } from "@/api/findings";
import { dataOf, send } from "@/lib/api";

/** GET /api/jobs/:id/findings: the job's findings, oldest first, and how many are in each state. */
const jobFindingsQuery = (jobId: number) =>
  queryOptions({
    queryKey: findingKeys.job(jobId),
    queryFn: async ({ signal }) =>
      dataOf(
        await send<{ success: true; data: Finding[]; counts: FindingCounts }>("GET", `/api/jobs/${jobId}/findings`, { signal }),
        "The findings could not be loaded",
      ),
  });

/** The job's findings; not asked for while `enabled` is false (a customer's job before delivery, whose answer is empty). */
export const useJobFindings = (jobId: number, enabled: boolean) => useQuery({ ...jobFindingsQuery(jobId), enabled });
