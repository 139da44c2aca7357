import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { JobDocument } from "@common/contract/job-documents";
import type { ListResponse, MessageResponse } from "@common/contract/wire";
import { type Answer, send } from "@/lib/api";
import { sendUpload } from "@/lib/upload";
import { jobKeys } from "./jobs";

// The documents a customer sends for a job are sent from the dashboard's Reports tab and the job's
// page, and read there and in the back office's job page: one key (jobKeys.documents) for all three.

/** GET /api/jobs/{id}/documents: newest first. Loaded afresh each time: the customer may have sent one since. */
export function useJobDocuments(jobId: number) {
  return useQuery<ListResponse<JobDocument>, Error, JobDocument[]>({
    queryKey: jobKeys.documents(jobId),
    select: (answer) => answer.data,
    refetchOnMount: "always",
  });
}

/** POST /api/jobs/{id}/documents: the title, then the file, with its progress; resolves to the answer (the refusal names its field). */
export function sendJobDocument(
  jobId: number,
  title: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<Answer<{ success: true; data: JobDocument }>> {
  return sendUpload(`/api/jobs/${jobId}/documents`, { title }, file, { onProgress });
}

/** The job's list reads its documents again after a write. */
export function useRefreshJobDocuments() {
  const queryClient = useQueryClient();
  return (jobId: number) => queryClient.invalidateQueries({ queryKey: jobKeys.documents(jobId) });
}

/** DELETE /api/jobs/{id}/documents/{docId}. */
export function useDeleteJobDocument(jobId: number) {
  const refresh = useRefreshJobDocuments();
  return useMutation({
    mutationFn: (documentId: number): Promise<Answer<MessageResponse>> => send("DELETE", `/api/jobs/${jobId}/documents/${documentId}`),
    onSuccess: (answer) => (answer.ok ? refresh(jobId) : undefined),
  });
}
