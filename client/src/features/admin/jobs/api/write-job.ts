import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { JobDetail } from "@common/contract/jobs";
import type { CreateJobInput, UpdateJobDetailsInput, UpdateJobInput } from "@common/jobs";
import { adminJobKeys } from "@/api/jobs";
import { type Answer, send } from "@/lib/api";

type Written = { success: true; message: string; data: JobDetail };

/** A write's answer as the form reads it: the job, or the server's message and its field errors. */
export type JobWriteAnswer = Answer<Written>;

/** POST /api/admin/jobs or a PATCH of one job; the board and the open job reload after each. */
function useJobWrite<Input>(write: (input: Input) => Promise<JobWriteAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminJobKeys.all }),
  });
}

export function useCreateJob() {
  return useJobWrite((input: CreateJobInput) => send<Written>("POST", "/api/admin/jobs", { body: input }));
}

export function useUpdateJob(id: number) {
  return useJobWrite((input: UpdateJobInput) => send<Written>("PATCH", `/api/admin/jobs/${id}`, { body: input }));
}

/** PATCH /api/admin/jobs/{id}/details: an admin corrects the title or the site. */
export function useUpdateJobDetails(id: number) {
  return useJobWrite((input: UpdateJobDetailsInput) => send<Written>("PATCH", `/api/admin/jobs/${id}/details`, { body: input }));
}
