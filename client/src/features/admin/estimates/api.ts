import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Estimate } from "@common/contract/estimates";
import type { ListResponse } from "@common/contract/wire";
import { type Answer, apiRequest, send } from "@/lib/api";
import { ADMIN_QUOTES_QUERY_KEY } from "../api/get-admin-quotes";
import { ADMIN_JOBS_QUERY_KEY } from "../jobs/api/get-admin-jobs";
import type { EstimateBody } from "./estimate-form";

/** Every job's estimates: a write on one reloads them. */
export const ESTIMATES_QUERY_KEY = ["/api/estimates"] as const;

/** GET /api/estimates?jobId=: the job's estimate revisions, newest first (the current one first). */
export function useJobEstimates(jobId: number) {
  return useQuery({
    queryKey: [...ESTIMATES_QUERY_KEY, jobId],
    queryFn: ({ signal }) => apiRequest<ListResponse<Estimate>>("GET", `/api/estimates?jobId=${jobId}`, undefined, { signal, fallback: "Failed to load the estimates" }),
    select: (response) => response.data,
    // Customers answer estimates meanwhile: each visit reloads them.
    staleTime: 0,
  });
}

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
