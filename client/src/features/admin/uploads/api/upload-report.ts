import { readServerMessage } from "@/lib/api";

export interface ReportUpload {
  userId: string;
  serviceId: string;
  title: string;
  description: string;
  file: File;
}

/** POST /api/admin/reports (multipart, text fields before the file). Throws the server's message, if any. */
export async function uploadReport({ file, ...fields }: ReportUpload): Promise<void> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("file", file);
  const res = await fetch("/api/admin/reports", { method: "POST", body, credentials: "include" });
  if (!res.ok) throw new Error((await readServerMessage(res)) ?? "Failed to upload report");
}
