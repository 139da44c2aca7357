import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PreflightChecklist } from "@common/contract/preflight";
import type { PreflightAnswersInput } from "@common/preflight";
import { adminJobKeys } from "@/api/jobs";
import { type Answer, apiRequest, send } from "@/lib/api";

/** GET /api/admin/jobs/{id}/preflight-checklist. */
export function usePreflightChecklist(jobId: number, enabled = true) {
  return useQuery({
    queryKey: adminJobKeys.preflight(jobId),
    queryFn: ({ signal }) =>
      apiRequest<{ success: true; data: PreflightChecklist }>("GET", `/api/admin/jobs/${jobId}/preflight-checklist`, undefined, {
        signal,
        fallback: "Failed to load the pre-flight checklist",
      }),
    select: (response) => response.data,
    enabled,
  });
}

/**
 * PUT /api/admin/jobs/{id}/preflight-checklist; the checklist and the inspection conditions (which
 * an irradiance answer writes) read again after.
 */
export function useSavePreflightChecklist(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PreflightAnswersInput): Promise<Answer<{ success: true; message: string; data: PreflightChecklist }>> =>
      send("PUT", `/api/admin/jobs/${jobId}/preflight-checklist`, { body: input }),
    onSuccess: (answer) =>
      answer.ok
        ? Promise.all(
            [adminJobKeys.preflight(jobId), adminJobKeys.inspectionConditions(jobId), adminJobKeys.inspectionReport(jobId)].map((queryKey) =>
              queryClient.invalidateQueries({ queryKey }),
            ),
          )
        : undefined,
  });
}
