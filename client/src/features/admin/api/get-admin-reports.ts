import type { Report } from "@common/contract/reports";
import { useListQuery } from "@/lib/list-query";

const ADMIN_REPORTS_QUERY_KEY = ["/api/admin/reports"] as const;

/** GET /api/admin/reports: the reports of every customer. */
export function useAdminReports() {
  return useListQuery<Report>(ADMIN_REPORTS_QUERY_KEY);
}
