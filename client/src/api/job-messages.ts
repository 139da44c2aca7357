import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { JobMessage } from "@common/contract/jobs";
import type { ListResponse } from "@common/contract/wire";
import { send } from "@/lib/api";
import { jobKeys } from "./jobs";

// A job's thread is read and written by its customer (the job's page) and by the business (the back
// office's job panel): one key (jobKeys.messages) for both.

/**
 * GET /api/jobs/{id}/messages: the job's thread, oldest first. Loaded afresh each time a thread
 * opens: the other side may have written since (the back office opens a job many times a day).
 */
export function useJobMessages(jobId: number) {
  return useQuery<ListResponse<JobMessage>, Error, JobMessage[]>({
    queryKey: jobKeys.messages(jobId),
    select: (answer) => answer.data,
    refetchOnMount: "always",
  });
}

/** POST /api/jobs/{id}/messages: resolves to the answer, so the form can show the server's message under the field. */
export function useSendJobMessage(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => send<{ success: true; data: JobMessage }>("POST", `/api/jobs/${jobId}/messages`, { body: { body } }),
    onSuccess: (answer) => {
      if (answer.ok) void queryClient.invalidateQueries({ queryKey: jobKeys.messages(jobId) });
    },
  });
}
