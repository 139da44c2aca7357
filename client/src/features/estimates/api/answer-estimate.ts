import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Estimate } from "@common/contract/estimates";
import type { AcceptEstimateInput } from "@common/estimates";
import { estimateKeys } from "@/api/estimates";
import { jobKeys } from "@/api/jobs";
import { type Answer, send } from "@/lib/api";

type Answered = { success: true; data: Estimate };

/** An answer's outcome as its form reads it: the estimate as it now stands, or the server's message and its field errors. */
export type EstimateAnswerResult = Answer<Answered>;

/**
 * One of the customer's three answers (POST /api/estimates/{id}/accept, request-changes, decline).
 * An accepted answer moves the job too, so the job pages reload with the estimates.
 */
function useEstimateAnswer<Input>(id: number, action: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => send<Answered>("POST", `${estimateKeys.all[0]}/${id}/${action}`, { body: input }),
    onSuccess: (answer) => {
      if (!answer.ok) return;
      void queryClient.invalidateQueries({ queryKey: estimateKeys.all });
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}

export const useAcceptEstimate = (id: number) => useEstimateAnswer<AcceptEstimateInput>(id, "accept");
export const useRequestEstimateChanges = (id: number) => useEstimateAnswer<{ comment: string }>(id, "request-changes");
export const useDeclineEstimate = (id: number) => useEstimateAnswer<{ reason: string }>(id, "decline");
