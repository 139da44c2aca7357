import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Estimate } from "@common/contract/estimates";
import { type Answer, send } from "@/lib/api";
import { ESTIMATES_QUERY_KEY } from "@/api/estimates";
import { ADMIN_QUOTES_QUERY_KEY } from "../api/get-admin-quotes";
import { ADMIN_JOBS_QUERY_KEY } from "../jobs/api/get-admin-jobs";
import type { EstimateBody } from "./estimate-form";

/** POST /api/admin/estimates's answer as the builder reads it: the estimate, or the refusal and its field errors. */
export type SendEstimateAnswer = Answer<{ success: true; data: Estimate }>;

/**
 * POST /api/admin/estimates: a first estimate or a revision. Sending one accepts a pending quote and
 * moves nothing else, but the quote list, the jobs and the job's estimates all reload.
 */
export function useSendEstimate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EstimateBody): Promise<SendEstimateAnswer> => send("POST", "/api/admin/estimates", { body }),
    onSettled: () =>
      Promise.all([ESTIMATES_QUERY_KEY, ADMIN_QUOTES_QUERY_KEY, ADMIN_JOBS_QUERY_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
