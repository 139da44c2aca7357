import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InspectionConditions, InspectionConditionsInput, InspectionReportState, InspectionReportVersion } from "@common/contract/inspection-report";
import { adminJobKeys } from "@/api/jobs";
import { type Answer, apiRequest, send } from "@/lib/api";

/** While a version waits or is generated, its state is read again this often. */
const FOLLOW_MS = 2_000;

/** GET /api/admin/jobs/{id}/inspection-conditions. */
export function useInspectionConditions(jobId: number) {
  return useQuery({
    queryKey: adminJobKeys.inspectionConditions(jobId),
    queryFn: ({ signal }) =>
      apiRequest<{ success: true; data: InspectionConditions }>("GET", `/api/admin/jobs/${jobId}/inspection-conditions`, undefined, {
        signal,
        fallback: "Failed to load the inspection conditions",
      }),
    select: (response) => response.data,
  });
}

/** PUT /api/admin/jobs/{id}/inspection-conditions; the conditions and the report's warnings read again after. */
export function useSaveInspectionConditions(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InspectionConditionsInput): Promise<Answer<{ success: true; data: InspectionConditions }>> =>
      send("PUT", `/api/admin/jobs/${jobId}/inspection-conditions`, { body: input }),
    onSuccess: (answer) =>
      answer.ok
        ? Promise.all(
            [adminJobKeys.inspectionConditions(jobId), adminJobKeys.inspectionReport(jobId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
          )
        : undefined,
  });
}

const underWay = (state: InspectionReportState | undefined) =>
  state?.versions.some((version) => version.status === "queued" || version.status === "generating") ?? false;

type ReportAnswer = { success: true; data: InspectionReportState };

/**
 * GET /api/admin/jobs/{id}/report, followed while a version is queued or generating; once one it
 * followed is published, the job is read again, so the report shows among its deliverables.
 */
export function useInspectionReport(jobId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: adminJobKeys.inspectionReport(jobId),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<ReportAnswer>(adminJobKeys.inspectionReport(jobId));
      const answer = await apiRequest<ReportAnswer>("GET", `/api/admin/jobs/${jobId}/report`, undefined, {
        signal,
        fallback: "Failed to load the inspection report",
      });
      const followed = new Set(
        before?.data.versions.filter((version) => version.status === "queued" || version.status === "generating").map((version) => version.id),
      );
      if (answer.data.versions.some((version) => version.status === "published" && followed.has(version.id))) {
        void queryClient.invalidateQueries({ queryKey: adminJobKeys.detail(jobId), exact: true });
      }
      return answer;
    },
    select: (response) => response.data,
    refetchInterval: (query) => (underWay(query.state.data?.data) ? FOLLOW_MS : false),
  });
}

/** POST /api/admin/jobs/{id}/report: the version queued (or the one under way). */
export function useGenerateInspectionReport(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<Answer<{ success: true; message: string; data: InspectionReportVersion }>> => send("POST", `/api/admin/jobs/${jobId}/report`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminJobKeys.inspectionReport(jobId) }),
  });
}
