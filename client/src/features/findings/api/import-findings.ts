import { useQueryClient } from "@tanstack/react-query";
import type { Finding, FindingImportError, FindingsImportPreview } from "@common/contract/findings";
import { findingKeys } from "@/api/findings";
import type { Answer } from "@/lib/api";
import { sendUpload } from "@/lib/upload";
import type { ColumnMapping } from "../import-mapping";

/** A refused import: every bad row, column and reason (or a form error by field). */
export type ImportRefusal = { message?: string; errors?: FindingImportError[] | Record<string, string> };

const url = (jobId: number, dryRun: boolean) => `/api/admin/jobs/${jobId}/findings/import${dryRun ? "?dryRun=true" : ""}`;

/** POST …/findings/import?dryRun=true: the file's columns, its first findings through the mapping, and every bad cell; nothing written. */
export const previewImport = (jobId: number, file: File, mapping: ColumnMapping): Promise<Answer<{ success: true; data: FindingsImportPreview }>> =>
  sendUpload(url(jobId, true), { mapping: JSON.stringify(mapping) }, file);

/** POST …/findings/import: every finding of the file, or none; then the job's findings read again. */
export function useImportFindings(jobId: number) {
  const queryClient = useQueryClient();
  return async (file: File, mapping: ColumnMapping): Promise<Answer<{ success: true; message: string; data: Finding[] }>> => {
    const answer = await sendUpload<{ success: true; message: string; data: Finding[] }>(url(jobId, false), { mapping: JSON.stringify(mapping) }, file);
    if (answer.ok) await queryClient.invalidateQueries({ queryKey: findingKeys.all });
    return answer;
  };
}
