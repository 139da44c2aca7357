import { useQuery } from "@tanstack/react-query";
import { type ListResponse, selectData } from "@/lib/list-response";

/** One row of GET /api/reports: reports uploaded for the signed-in customer. */
export interface ReportRow {
  id: number;
  userId: number;
  serviceId: number;
  title: string;
  description: string;
  fileUrl: string;
  createdAt: string;
}

export const REPORTS_QUERY_KEY = ["/api/reports"] as const;

export function useReports() {
  return useQuery<ListResponse<ReportRow>, Error, ReportRow[]>({ queryKey: REPORTS_QUERY_KEY, select: selectData });
}
