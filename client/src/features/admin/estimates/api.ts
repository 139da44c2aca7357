import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Estimate } from "@common/contract/estimates";
import { type Answer, send } from "@/lib/api";
import { estimateKeys } from "@/api/estimates";
import { adminJobKeys } from "@/api/jobs";
import { adminQuoteKeys } from "@/api/quotes";
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
    onSettled: () => Promise.all([estimateKeys.all, adminQuoteKeys.all, adminJobKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
