import type { Report } from "@common/contract/reports";
import { useListQuery } from "@/lib/list-query";

const REPORTS_QUERY_KEY = ["/api/reports"] as const;

/** GET /api/reports: reports uploaded for the signed-in customer. */
export function useReports() {
  return useListQuery<Report>(REPORTS_QUERY_KEY);
}
