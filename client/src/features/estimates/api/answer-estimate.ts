import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Estimate } from "@common/contract/estimates";
import type { AcceptEstimateInput } from "@common/estimates";
import { type Answer, send } from "@/lib/api";
import { ESTIMATES_QUERY_KEY } from "@/api/estimates";

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
    mutationFn: (input: Input) => send<Answered>("POST", `${ESTIMATES_QUERY_KEY[0]}/${id}/${action}`, { body: input }),
    onSuccess: (answer) => {
      if (!answer.ok) return;
      void queryClient.invalidateQueries({ queryKey: ESTIMATES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ["/api/jobs"] });
    },
  });
}

export const useAcceptEstimate = (id: number) => useEstimateAnswer<AcceptEstimateInput>(id, "accept");
export const useRequestEstimateChanges = (id: number) => useEstimateAnswer<{ comment: string }>(id, "request-changes");
export const useDeclineEstimate = (id: number) => useEstimateAnswer<{ reason: string }>(id, "decline");
