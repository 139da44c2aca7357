import type { ReportUploadFields } from "@common/admin-uploads";
import { upload } from "@/lib/upload";

/** POST /api/admin/reports: one file for a customer. Throws the server's message, or the fallback. */
export async function uploadReport(fields: ReportUploadFields, file: File): Promise<void> {
  await upload("/api/admin/reports", fields, file, { fallback: "Failed to upload report" });
}
