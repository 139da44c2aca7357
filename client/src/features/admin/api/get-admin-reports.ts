import { useQuery } from "@tanstack/react-query";
import { type ListResponse, selectData } from "@/lib/list-response";

/** One row of GET /api/admin/reports: a report of any customer. */
export interface AdminReportRow {
  id: number;
  userId: number;
  serviceId: number;
  title: string;
  description: string;
  contentType: string;
  size: number;
  fileUrl: string;
  createdAt: string;
}

export const ADMIN_REPORTS_QUERY_KEY = ["/api/admin/reports"] as const;

export function useAdminReports() {
  return useQuery<ListResponse<AdminReportRow>, Error, AdminReportRow[]>({ queryKey: ADMIN_REPORTS_QUERY_KEY, select: selectData });
}
